import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { getModeLabel, getSideMenuItems, isSideMenuItemActive, type SideMenuItem } from './side-menu-items';

const labels = (items: SideMenuItem[]) => items.map((item) => i18n._(item.label));
const target = (items: SideMenuItem[], label: string) => {
  const item = items.find((candidate) => i18n._(candidate.label) === label);
  return item?.kind === 'link' ? item.to : item?.action;
};

describe('getSideMenuItems', () => {
  it('offers a visitor login, home, selling, the agent portal and Pulse Hub', () => {
    const items = getSideMenuItems({ user: null, mode: 'buyer' });
    expect(labels(items)).toEqual(['Login', 'Home', 'Start Selling', 'Agent Portal', 'Pulse Hub']);
    expect(target(items, 'Login')).toBe('/login');
    expect(target(items, 'Agent Portal')).toBe('/pulse-agents');
    expect(target(items, 'Pulse Hub')).toBe('/hub');
  });

  it('gives a buyer without the seller role no mode switch and no profile, but the wallet and weekly baskets', () => {
    const items = getSideMenuItems({ user: { roles: ['buyer'] }, mode: 'buyer' });
    expect(labels(items)).toEqual(['Home', 'Start Selling', 'Wallet', 'Weekly baskets', 'Pulse Agent', 'Pulse Hub', 'Log Out']);
    expect(target(items, 'Wallet')).toBe('/wallet');
    expect(target(items, 'Weekly baskets')).toBe('/standing-orders');
    expect(target(items, 'Pulse Agent')).toBe('/pulse-agents');
    expect(target(items, 'Log Out')).toBe('logout');
  });

  it('lets a seller in buyer mode switch to seller', () => {
    const items = getSideMenuItems({ user: { roles: ['buyer', 'seller'] }, mode: 'buyer' });
    expect(labels(items)).toEqual(['Home', 'Start Selling', 'Switch to Seller', 'Wallet', 'Weekly baskets', 'Pulse Agent', 'Pulse Hub', 'Log Out']);
    expect(target(items, 'Switch to Seller')).toBe('switch-mode');
  });

  it('shows a seller in seller mode the way back and the seller profile (the wallet is in the bottom bar)', () => {
    const items = getSideMenuItems({ user: { roles: ['buyer', 'seller'] }, mode: 'seller' });
    expect(labels(items)).toEqual(['Home', 'Start Selling', 'Switch to Buyer', 'Profile', 'Pulse Agent', 'Pulse Hub', 'Log Out']);
    expect(target(items, 'Profile')).toBe('/seller-profile');
  });

  it('sends agents to their dashboard', () => {
    const items = getSideMenuItems({ user: { roles: ['buyer', 'agent'] }, mode: 'buyer' });
    expect(target(items, 'Pulse Agent')).toBe('/agent-dashboard');
  });
});

describe('isSideMenuItemActive', () => {
  const items = getSideMenuItems({ user: { roles: ['buyer'] }, mode: 'buyer' });
  const active = (pathname: string) => items.filter((item) => isSideMenuItemActive(item, pathname)).map((item) => i18n._(item.label));

  it('highlights the entry of the page shown, Pulse Hub on any /hub path, never an action', () => {
    expect(active('/wallet')).toEqual(['Wallet']);
    expect(active('/home')).toEqual(['Home']);
    expect(active('/hub/feed')).toEqual(['Pulse Hub']);
    expect(active('/standing-orders/3f1c')).toEqual(['Weekly baskets']);
    expect(active('/hubris')).toEqual([]);
    expect(active('/buyer-dashboard')).toEqual([]);
  });
});

describe('getModeLabel', () => {
  it('names the account by mode', () => {
    expect(i18n._(getModeLabel('buyer'))).toBe('Buyer account');
    expect(i18n._(getModeLabel('seller'))).toBe('Seller account');
  });
});
