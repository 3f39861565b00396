import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TRole } from '@pulse/contract/users';

export type SideMenuIcon = 'login' | 'home' | 'sell' | 'switch' | 'profile' | 'wallet' | 'standing-orders' | 'agent' | 'hub' | 'logout';

export type SideMenuItem =
  | { id: string; label: MessageDescriptor; icon: SideMenuIcon; kind: 'link'; to: string }
  | { id: string; label: MessageDescriptor; icon: SideMenuIcon; kind: 'action'; action: 'switch-mode' | 'logout' };

export interface SideMenuInput {
  user: { roles: readonly TRole[] } | null;
  mode: 'buyer' | 'seller';
}

/** Side menu entries by sign-in state, role and mode (spec §2 Side menu, plus Wallet and Weekly baskets in buyer mode). */
export function getSideMenuItems({ user, mode }: SideMenuInput): SideMenuItem[] {
  if (!user) {
    return [
      { id: 'login', label: msg`Login`, icon: 'login', kind: 'link', to: '/login' },
      { id: 'home', label: msg`Home`, icon: 'home', kind: 'link', to: '/home' },
      { id: 'start-selling', label: msg`Start Selling`, icon: 'sell', kind: 'link', to: '/sellers' },
      { id: 'agent-portal', label: msg`Agent Portal`, icon: 'agent', kind: 'link', to: '/pulse-agents' },
      // Guarded: a visitor following it lands on the login page.
      { id: 'pulse-hub', label: msg`Pulse Hub`, icon: 'hub', kind: 'link', to: '/hub' },
    ];
  }
  const items: SideMenuItem[] = [
    { id: 'home', label: msg`Home`, icon: 'home', kind: 'link', to: '/home' },
    { id: 'start-selling', label: msg`Start Selling`, icon: 'sell', kind: 'link', to: '/sellers' },
  ];
  if (user.roles.includes('seller')) {
    items.push({
      id: 'switch-mode',
      label: mode === 'seller' ? msg`Switch to Buyer` : msg`Switch to Seller`,
      icon: 'switch',
      kind: 'action',
      action: 'switch-mode',
    });
  }
  if (mode === 'seller') items.push({ id: 'profile', label: msg`Profile`, icon: 'profile', kind: 'link', to: '/seller-profile' });
  // Not in the spec's list: its bottom bar has Wallet in seller mode only, so a buyer had no way to
  // the wallet (issue 16; docs/decisions/030-colours-contrast-and-floating-buttons.md).
  else {
    items.push(
      { id: 'wallet', label: msg`Wallet`, icon: 'wallet', kind: 'link', to: '/wallet' },
      // Not in the spec's list either (it allows extra items): the issue asks for the buyer's weekly
      // baskets in the side menu (issue 28, decision 064).
      { id: 'standing-orders', label: msg`Weekly baskets`, icon: 'standing-orders', kind: 'link', to: '/standing-orders' },
    );
  }
  items.push(
    {
      id: 'pulse-agent',
      label: msg`Pulse Agent`,
      icon: 'agent',
      kind: 'link',
      to: user.roles.includes('agent') ? '/agent-dashboard' : '/pulse-agents',
    },
    { id: 'pulse-hub', label: msg`Pulse Hub`, icon: 'hub', kind: 'link', to: '/hub' },
    { id: 'logout', label: msg`Log Out`, icon: 'logout', kind: 'action', action: 'logout' },
  );
  return items;
}

export function getModeLabel(mode: 'buyer' | 'seller'): MessageDescriptor {
  return mode === 'seller' ? msg`Seller account` : msg`Buyer account`;
}

/** The entry of the page being shown, highlighted in the menu: Pulse Hub for any /hub path. */
export function isSideMenuItemActive(item: SideMenuItem, pathname: string): boolean {
  if (item.kind !== 'link') return false;
  if (item.to === '/hub') return pathname === '/hub' || pathname.startsWith('/hub/');
  if (item.to === '/standing-orders') return pathname === '/standing-orders' || pathname.startsWith('/standing-orders/');
  return pathname === item.to;
}
