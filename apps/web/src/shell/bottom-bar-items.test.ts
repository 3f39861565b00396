import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { getBottomBarItems, isBottomBarItemActive, type BottomBarItem } from './bottom-bar-items';

const summary = (items: BottomBarItem[]) => items.map((item) => `${i18n._(item.label)} ${item.to}`);

describe('getBottomBarItems', () => {
  it('gives a visitor Marketplace and Pulse Hub', () => {
    expect(summary(getBottomBarItems({ isSignedIn: false, mode: 'buyer' }))).toEqual(['Marketplace /product-listing', 'Pulse Hub /hub/feed']);
  });

  it('gives a buyer orders, products, messages and notifications', () => {
    expect(summary(getBottomBarItems({ isSignedIn: true, mode: 'buyer' }))).toEqual([
      'Orders /buyer-dashboard',
      'Products /product-listing',
      'Messages /messages',
      'Notifications /notifications',
    ]);
  });

  it('gives a seller the dashboard, messages, notifications and the wallet', () => {
    expect(summary(getBottomBarItems({ isSignedIn: true, mode: 'seller' }))).toEqual([
      'Dashboard /seller-dashboard',
      'Messages /messages',
      'Notifications /notifications',
      'Wallet /wallet',
    ]);
  });

  it('puts unread badges on Messages and Notifications only', () => {
    const badged = getBottomBarItems({ isSignedIn: true, mode: 'buyer' }).filter((item) => item.badge);
    expect(badged.map((item) => item.badge)).toEqual(['messages', 'notifications']);
  });
});

describe('isBottomBarItemActive', () => {
  const [marketplace, pulseHub] = getBottomBarItems({ isSignedIn: false, mode: 'buyer' }) as [BottomBarItem, BottomBarItem];
  const buyerItems = getBottomBarItems({ isSignedIn: true, mode: 'buyer' });
  const messages = buyerItems.find((item) => item.id === 'messages') as BottomBarItem;

  it('marks the item of the current path', () => {
    expect(isBottomBarItemActive(messages, '/messages')).toBe(true);
    expect(isBottomBarItemActive(messages, '/notifications')).toBe(false);
    expect(isBottomBarItemActive(marketplace, '/product-listing')).toBe(true);
  });

  it('treats the root path as the product listing it shows', () => {
    expect(isBottomBarItemActive(marketplace, '/')).toBe(true);
  });

  it('marks Pulse Hub on any path under /hub/', () => {
    expect(isBottomBarItemActive(pulseHub, '/hub/feed')).toBe(true);
    expect(isBottomBarItemActive(pulseHub, '/hub/notifications')).toBe(true);
    expect(isBottomBarItemActive(pulseHub, '/product-listing')).toBe(false);
  });

  it('marks only one item at a time', () => {
    expect(buyerItems.filter((item) => isBottomBarItemActive(item, '/notifications')).map((item) => i18n._(item.label))).toEqual(['Notifications']);
  });
});
