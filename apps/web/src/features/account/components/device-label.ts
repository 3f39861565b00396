import { t } from '@lingui/core/macro';
import type { TAccountSession } from '@pulse/contract/account';

/** "Chrome on Android"; browser and system names are product names and stay as they are. */
export function deviceLabel(session: Pick<TAccountSession, 'browser' | 'os'>): string {
  const { browser, os } = session;
  if (browser && os) return t`${browser} on ${os}`;
  if (browser) return browser;
  if (os) return os;
  return t`Unknown device`;
}
