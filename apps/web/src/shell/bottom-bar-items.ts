import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type BottomBarItemId = 'marketplace' | 'pulse-hub' | 'orders' | 'dashboard' | 'products' | 'messages' | 'notifications' | 'wallet';

export interface BottomBarItem {
  id: BottomBarItemId;
  /** Rendered with i18n._() in the reader's language. */
  label: MessageDescriptor;
  to: string;
  badge?: 'messages' | 'notifications';
}

/** Bottom bar entries by sign-in state and mode (spec §2 Bottom bar). */
export function getBottomBarItems(input: { isSignedIn: boolean; mode: 'buyer' | 'seller' }): BottomBarItem[] {
  if (!input.isSignedIn) {
    return [
      { id: 'marketplace', label: msg`Marketplace`, to: '/product-listing' },
      { id: 'pulse-hub', label: msg`Pulse Hub`, to: '/hub/feed' },
    ];
  }
  const isSeller = input.mode === 'seller';
  const items: BottomBarItem[] = [
    isSeller ? { id: 'dashboard', label: msg`Dashboard`, to: '/seller-dashboard' } : { id: 'orders', label: msg`Orders`, to: '/buyer-dashboard' },
  ];
  if (!isSeller) items.push({ id: 'products', label: msg`Products`, to: '/product-listing' });
  items.push(
    { id: 'messages', label: msg`Messages`, to: '/messages', badge: 'messages' },
    { id: 'notifications', label: msg`Notifications`, to: '/notifications', badge: 'notifications' },
  );
  if (isSeller) items.push({ id: 'wallet', label: msg`Wallet`, to: '/wallet' });
  return items;
}

// "/" shows the same product listing as /product-listing (spec §2), so it lights the same item.
const PATH_ALIASES: Readonly<Record<string, string>> = { '/': '/product-listing' };

/** An item is active on its own path; Pulse Hub on any path under /hub/. */
export function isBottomBarItemActive(item: BottomBarItem, pathname: string): boolean {
  if (item.id === 'pulse-hub') return pathname.startsWith('/hub/');
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PATH_ALIASES[normalised] ?? normalised) === item.to;
}
