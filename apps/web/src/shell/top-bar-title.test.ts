import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { getTopBarTitle as getTitleMessage } from './top-bar-title';

const getTopBarTitle = (path: string) => {
  const message = getTitleMessage(path);
  return message ? i18n._(message) : '';
};

describe('getTopBarTitle', () => {
  it.each([
    ['/', 'Products'],
    ['/product-listing', 'Products'],
    ['/messages', 'Messages'],
    ['/notifications', 'Notifications'],
    ['/pulse', 'Pulse'],
    ['/pulse-assistant', 'Pulse Assistant'],
  ])('titles %s as "%s"', (path, title) => {
    expect(getTopBarTitle(path)).toBe(title);
  });

  it('ignores a trailing slash', () => {
    expect(getTopBarTitle('/messages/')).toBe('Messages');
  });

  it.each(['/basket', '/seller-dashboard', '/chat/abc', '/pulse/123', '/hub/feed', '/unknown'])('leaves %s untitled', (path) => {
    expect(getTopBarTitle(path)).toBe('');
  });
});
