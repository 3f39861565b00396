import webPush from 'web-push';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { findSetting, insertSettingOnce } from '../settings/settings-repository';

const VAPID_KEYS_SETTING = 'vapid_keys';

const ZVapidKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export type VapidKeys = z.infer<typeof ZVapidKeys>;

/**
 * The application server's VAPID key pair: generated on first start and kept in the database,
 * so every process signs with the key the browsers subscribed with and restarts keep them valid.
 * Both halves live in one setting so two processes starting together cannot mix their pairs.
 */
export async function resolveVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await findSetting(db, VAPID_KEYS_SETTING);
  if (existing) return ZVapidKeys.parse(JSON.parse(existing));
  const generated = webPush.generateVAPIDKeys();
  const stored = await insertSettingOnce(db, VAPID_KEYS_SETTING, JSON.stringify(generated));
  return ZVapidKeys.parse(JSON.parse(stored));
}
