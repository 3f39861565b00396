import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_PATHS, isPagePath } from '@pulse/contract/pages';
import { findRoute } from './find-route';
import { EMPTY_STATE_CONTENT } from '../components/empty-state-content';
import { ROUTE_TABLE } from './route-table';

const PUBLIC_PATHS = [
  '/',
  '/home',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/product-listing',
  '/seller-signup',
  '/product-details/p-1',
  '/terms-of-service',
  '/privacy-policy',
  '/about-us',
  '/sellers',
  '/pulse-agents',
];

const SIGNED_IN_PATHS = [
  '/profile/addresses',
  '/seller-dashboard',
  '/seller-profile',
  '/seller/catalogue-search',
  '/add-product',
  '/buyer-dashboard',
  '/messages',
  '/notifications',
  '/seller/products/p-1',
  '/basket',
  '/order/o-1',
  '/order-delivery/o-1',
  '/chat/c-1',
  '/agent-registration',
  '/agent-dashboard',
  '/agent-referrals',
  '/agent-messages',
  '/logistics-tasks',
  '/wallet',
  '/account',
  '/account/notifications',
  '/refunds-history',
  '/seller-application-status',
  '/agent-application-status',
  '/hub',
  '/hub/feed',
  '/hub/notifications',
  '/hub/profile',
  '/hub/profile/ama_farms',
  '/hub/anything/else',
  '/pulse',
  '/pulse/n-1',
  '/pulse-assistant',
  '/admin',
  '/admin/system',
  '/standing-orders',
  '/standing-orders/new',
  '/standing-orders/s-1',
];

describe('route table', () => {
  it.each(PUBLIC_PATHS)('serves %s to visitors', (path) => {
    const route = findRoute(path);
    expect(route.id).not.toBe('not-found');
    expect(route.access).toBe('public');
  });

  it.each(SIGNED_IN_PATHS)('requires sign-in for %s', (path) => {
    const route = findRoute(path);
    expect(route.id).not.toBe('not-found');
    expect(route.access).toBe('signed-in');
  });

  it('has one route for each page address the server knows (PAGE_PATHS), and they agree on every path', () => {
    const paths = ROUTE_TABLE.map((route) => route.path).filter((path) => path !== '*');
    expect([...paths].sort()).toEqual([...PAGE_PATHS].sort());
    for (const path of [...PUBLIC_PATHS, ...SIGNED_IN_PATHS, '/no/such/page', '/product-details', '/Basket/', '/admin/users', '/hubs']) {
      expect(isPagePath(path), path).toBe(findRoute(path).id !== 'not-found');
    }
  });

  it('answers unknown paths with "Page not found"', () => {
    const route = findRoute('/no/such/page');
    expect(route.title).toBe('Page not found');
    expect(route.access).toBe('public');
  });

  it('shows / and /product-listing as the same Products screen', () => {
    expect(findRoute('/').title).toBe('Products');
    expect(findRoute('/product-listing').title).toBe('Products');
    expect(findRoute('/').load).toBe(findRoute('/product-listing').load);
  });

  it('opens Pulse Hub profiles on their own page, other /hub paths on the fallback', () => {
    expect(findRoute('/hub/profile/ama_farms').id).toBe('hub-profile');
    expect(findRoute('/hub/profile').id).toBe('hub-own-profile');
    expect(findRoute('/hub/anything/else').id).toBe('hub-other');
    expect(findRoute('/pulse/n-1').id).toBe('pulse-post');
  });

  it('opens a new weekly basket on its own page, not as the weekly basket "new"', () => {
    expect(findRoute('/standing-orders/new').id).toBe('standing-order-new');
    expect(findRoute('/standing-orders/3f1c').id).toBe('standing-order');
    expect(findRoute('/standing-orders').title).toBe('Weekly baskets');
  });

  it('sends /hub on to the feed', () => {
    expect(findRoute('/hub').redirectTo).toBe('/hub/feed');
  });

  it('gives every route a unique id, a title and, for empty pages, a sentence and an action', () => {
    const ids = ROUTE_TABLE.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ROUTE_TABLE) {
      expect(route.title.trim()).not.toBe('');
      const content = EMPTY_STATE_CONTENT[route.id];
      if (content) {
        expect(i18n._(content.description)).toMatch(/\.$/);
        expect(i18n._(content.action.label).trim()).not.toBe('');
        expect(content.action.to).toMatch(/^\//);
      }
    }
    // Every empty-state sentence belongs to a route.
    for (const id of Object.keys(EMPTY_STATE_CONTENT)) expect(ids).toContain(id);
  });
});

describe('route titles in the active language', () => {
  afterEach(() => i18n.activate('en'));

  it('reads the title message each time, so a language switch renames the page', () => {
    const route = findRoute('/basket');
    expect(route.title).toBe('Basket');
    expect(i18n._(route.titleMessage)).toBe('Basket');
    i18n.load('fr', { [route.titleMessage.id]: 'Panier' });
    i18n.activate('fr');
    expect(route.title).toBe('Panier');
  });
});
