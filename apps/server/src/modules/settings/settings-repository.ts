import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/settings';

export async function findSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/** Stores the value unless another process stored one first; returns whichever value won. */
export async function insertSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  const stored = await findSetting(db, key);
  if (stored === null) throw new Error(`Setting ${key} vanished right after being written`);
  return stored;
}
