/**
 * Every page address of the web app (spec §2 routes), as React Router patterns: a `:name`
 * segment stands for any one segment, a final `*` for whatever follows (nothing included). apps/web/src/app/route-table.ts has one route for each (its
 * test checks); the server answers an address that matches none of them with the app's page and
 * status 404, so a crawler does not index a mistyped address as a page.
 */
export const PAGE_PATHS = [
  '/',
  '/home',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/product-listing',
  '/seller-signup',
  '/product-details/:productId',
  '/terms-of-service',
  '/privacy-policy',
  '/about-us',
  '/sellers',
  '/pulse-agents',
  '/profile/addresses',
  '/account',
  '/account/notifications',
  '/unsubscribe',
  '/seller-dashboard',
  '/seller-profile',
  '/seller/catalogue-search',
  '/add-product',
  '/buyer-dashboard',
  '/messages',
  '/notifications',
  '/seller/products/:productId',
  '/basket',
  '/order/:orderId',
  '/order-delivery/:orderId',
  '/chat/:chatId',
  '/agent-registration',
  '/agent-dashboard',
  '/agent-referrals',
  '/agent-messages',
  '/logistics-tasks',
  '/wallet',
  '/refunds-history',
  '/seller-application-status',
  '/agent-application-status',
  '/hub',
  '/hub/feed',
  '/hub/notifications',
  '/hub/profile',
  '/hub/profile/:username',
  '/hub/*',
  '/pulse',
  '/pulse/:id',
  '/pulse-assistant',
  '/admin',
  '/seller/discount-codes',
  '/admin/discount-codes',
  '/admin/system',
  '/standing-orders',
  '/standing-orders/new',
  '/standing-orders/:standingOrderId',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PATTERNS = PAGE_PATHS.map(segments);

/**
 * Whether a path (no query) is one of the app's pages, as React Router matches it: static
 * segments without regard to case, a trailing slash or repeated slashes ignored.
 */
export function isPagePath(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some((pattern) => {
    const rest = pattern.at(-1) === '*';
    const fixed = rest ? pattern.slice(0, -1) : pattern;
    if (rest ? parts.length < fixed.length : parts.length !== fixed.length) return false;
    return fixed.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === parts[index]!.toLowerCase());
  });
}
