import { describe, expect, it } from 'vitest';
import { shouldShowAppSwitch, shouldShowAssistantWidget, shouldShowBars } from './bars-visibility';

const WITH_BARS = [
  '/',
  '/product-listing',
  '/seller-dashboard',
  '/buyer-dashboard',
  '/messages',
  '/notifications',
  '/chat/7f1c',
  '/seller-profile',
  '/seller/catalogue-search',
  '/profile/addresses',
];

const WITHOUT_BARS = ['/login', '/home', '/basket', '/wallet', '/pulse-assistant', '/pulse', '/hub/feed', '/order/1', '/standing-orders', '/standing-orders/1', '/terms-of-service', '/nowhere'];

describe('shouldShowBars', () => {
  it.each(WITH_BARS)('shows the bars on %s', (path) => {
    expect(shouldShowBars(path)).toBe(true);
  });

  it.each(WITHOUT_BARS)('hides them on %s', (path) => {
    expect(shouldShowBars(path)).toBe(false);
  });
});

describe('shouldShowAssistantWidget', () => {
  it.each(WITH_BARS)('shows the widget with the bars on %s', (path) => {
    expect(shouldShowAssistantWidget(path)).toBe(true);
  });

  it('never shows it on the assistant page or pages without bars', () => {
    expect(shouldShowAssistantWidget('/pulse-assistant')).toBe(false);
    expect(shouldShowAssistantWidget('/basket')).toBe(false);
  });
});

describe('shouldShowAppSwitch', () => {
  it('floats on every page except the login page', () => {
    expect(shouldShowAppSwitch('/login')).toBe(false);
    for (const path of [...WITH_BARS, '/basket', '/hub/feed', '/nowhere']) expect(shouldShowAppSwitch(path)).toBe(true);
  });
});
