import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Product cards of the listing, found as a person sees them. */
export function productCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Products' }).getByTestId('product-card');
}

export async function readCardTitles(page: Page): Promise<string[]> {
  return productCards(page).getByTestId('product-card-title').allInnerTexts();
}

/** "$3.50 / kg" -> 3.5 */
export function parseUnitPrice(text: string): number {
  const match = /([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match?.[1]) throw new Error(`No price in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

/** The shop (seller user id) selling the product of that exact title, read from the public API. */
export async function findShopId(request: APIRequestContext, productTitle: string): Promise<string> {
  const response = await request.get(`/api/products?q=${encodeURIComponent(productTitle)}&limit=60`);
  expect(response.ok(), `search for ${productTitle}`).toBe(true);
  const body = (await response.json()) as { items: Array<{ title: string; sellerUserId: string }> };
  const product = body.items.find((item) => item.title === productTitle);
  if (!product) throw new Error(`No product titled ${productTitle}`);
  return product.sellerUserId;
}

/**
 * Waits until the listing has settled: no skeletons, no results dimmed while the next ones load, and
 * every card of the loaded pages rendered (the grid adds them a few at a time and is busy meanwhile).
 */
export async function waitForResults(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading products' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('list', { name: 'Products' }).and(page.locator('[aria-busy="true"]'))).toHaveCount(0);
}
