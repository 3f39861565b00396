import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
const TITLES_BY_PATH: Readonly<Record<string, MessageDescriptor>> = {
  '/': msg`Products`,
  '/product-listing': msg`Products`,
  '/messages': msg`Messages`,
  '/notifications': msg`Notifications`,
  '/pulse': msg`Pulse`,
  '/pulse-assistant': msg`Pulse Assistant`,
};

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Top bar title by exact path (spec §2); every other path has an empty title. */
export function getTopBarTitle(pathname: string): MessageDescriptor | null {
  return TITLES_BY_PATH[trimTrailingSlash(pathname)] ?? null;
}
