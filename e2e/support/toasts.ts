import type { Locator, Page } from '@playwright/test';

/** A toast (Mantine Notification in the app's toast stack, role "alert") by its title; the login page's alerts have no titles like these. */
export function getToast(page: Page, title: string): Locator {
  return page.getByTestId('toasts').getByRole('alert').filter({ hasText: title });
}

/** Every toast on screen. */
export function getAllToasts(page: Page): Locator {
  return page.getByTestId('toasts').getByRole('alert');
}
