/**
 * Pulse Hub offline posting and the admin reports queue (tests/hub-offline-post.spec.ts,
 * tests/admin-reports.spec.ts): people of their own, so no other spec's feed, reports or audit
 * log runs into theirs.
 */
import type { Db } from '../../apps/server/src/db/client';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const HUB_OFFLINE_USERS = {
  /** Writes a post while offline. */
  writer: { email: 'writer@hub-offline.e2e.example', username: 'offline_writer_abena' },
} as const;

export const HUB_REPORTS_USERS = {
  admin: { email: 'admin@hub-reports.e2e.example', username: 'reports_admin_kofi' },
  /** Posts something that gets reported. */
  author: { email: 'author@hub-reports.e2e.example', username: 'reports_author_yaa' },
  reporter: { email: 'reporter@hub-reports.e2e.example', username: 'reports_reporter_ekow' },
  /** Neither author nor reporter: sees the post, then no longer. */
  onlooker: { email: 'onlooker@hub-reports.e2e.example', username: 'reports_onlooker_efua' },
} as const;

export async function seedHubOfflineFixtures(db: Db): Promise<void> {
  for (const user of Object.values(HUB_OFFLINE_USERS)) await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD });
  for (const [key, user] of Object.entries(HUB_REPORTS_USERS)) {
    await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD, ...(key === 'admin' ? { roles: ['buyer', 'admin'] } : {}) });
  }
}
