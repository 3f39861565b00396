import { expect, type Locator, type Page } from '@playwright/test';

/** The named parts of the app shell (briefs/selectors.md), found the way a person would. */
export function getShell(page: Page) {
  const topBar = page.getByTestId('top-bar');
  const bottomBar = page.getByRole('navigation', { name: 'Bottom navigation' });
  const sideMenu = page.getByTestId('side-menu');
  return {
    topBar,
    topBarTitle: page.getByTestId('top-bar-title'),
    basketLink: topBar.getByRole('link', { name: 'Basket' }),
    basketBadge: page.getByTestId('basket-badge'),
    menuButton: page.getByRole('button', { name: 'Open menu' }),
    bottomBar,
    messagesBadge: bottomBar.getByTestId('messages-badge'),
    notificationsBadge: bottomBar.getByTestId('notifications-badge'),
    sideMenu,
    assistantWidget: page.getByRole('button', { name: 'Pulse Assistant' }),
    appSwitch: page.getByRole('button', { name: 'Switch App' }),
  };
}

/** Opens the side menu from the top bar and waits until its items can be used. */
export async function openSideMenu(page: Page): Promise<Locator> {
  const { menuButton, sideMenu } = getShell(page);
  await menuButton.click();
  await expect(sideMenu).toBeVisible();
  return sideMenu;
}

/** Chooses an item of the side menu by its exact name. */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const menu = await openSideMenu(page);
  await menu.getByRole('button', { name, exact: true }).click();
  await expect(menu).toBeHidden();
}

/** Names of the bottom bar's links, in order (their label; the count badge is their description). */
export async function readBottomBarItems(page: Page): Promise<string[]> {
  const links = getShell(page).bottomBar.getByRole('link');
  // After a navigation the bar renders with the page; read it once it is there.
  await links.first().waitFor({ state: 'visible' });
  return links.evaluateAll((elements) =>
    elements.map((element) => {
      const named = element.cloneNode(true) as Element;
      named.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return element.getAttribute('aria-label') ?? named.textContent ?? '';
    }),
  );
}
