import { describe, expect, it } from 'vitest';
import { isPagePath } from './pages';

describe('isPagePath', () => {
  it.each(['/', '/home', '/HOME', '/home/', '//basket', '/product-details/abc', '/hub/profile/ama.k', '/hub/profile', '/pulse/1', '/hub/anything/else'])('%s is a page', (path) => {
    expect(isPagePath(path)).toBe(true);
  });

  it.each(['/nothing-here', '/product-details', '/product-details/a/b', '/hubs', '/admin/users', '/seller', '/index.htm'])('%s is not', (path) => {
    expect(isPagePath(path)).toBe(false);
  });
});
