import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from '../lib/document-title';
import { findRoute } from './find-route';

describe('formatDocumentTitle', () => {
  it('puts the page before the product name', () => {
    expect(formatDocumentTitle('Basket', 'Pulse Market')).toBe('Basket - Pulse Market');
  });

  it('uses the configured product name, "Pulse Market" by default', () => {
    expect(formatDocumentTitle('Wallet')).toBe('Wallet - Pulse Market');
    expect(formatDocumentTitle('Wallet', 'Farm Fresh')).toBe('Wallet - Farm Fresh');
  });

  it('falls back to the product name alone for a page without a name', () => {
    expect(formatDocumentTitle('  ', 'Pulse Market')).toBe('Pulse Market');
  });

  it.each([
    ['/', 'Products - Pulse Market'],
    ['/login', 'Login - Pulse Market'],
    ['/seller-dashboard', 'Seller Dashboard - Pulse Market'],
    ['/order/42', 'Order - Pulse Market'],
    ['/hub/notifications', 'Hub Notifications - Pulse Market'],
    ['/no/such/page', 'Page not found - Pulse Market'],
  ])('titles the document of %s "%s"', (path, title) => {
    expect(formatDocumentTitle(findRoute(path).title, 'Pulse Market')).toBe(title);
  });
});
