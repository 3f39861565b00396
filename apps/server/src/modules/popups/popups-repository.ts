import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { TPopupAudience } from '@pulse/contract/popups';
import type { Db } from '../../db/client';
import { popups, type PopupRow } from '../../db/schema/popups';

export async function findLivePopups(db: Db, audiences: TPopupAudience[], now: Date): Promise<PopupRow[]> {
  return db
    .select()
    .from(popups)
    .where(and(inArray(popups.targetAudience, audiences), lte(popups.startsAt, now), or(isNull(popups.endsAt), gt(popups.endsAt, now))))
    .orderBy(desc(popups.updatedAt), desc(popups.id));
}

export async function insertPopup(db: Db, values: typeof popups.$inferInsert): Promise<PopupRow> {
  const [row] = await db.insert(popups).values(values).returning();
  if (!row) throw new Error('Insert into popups returned no row');
  return row;
}

export async function findPopupById(db: Db, id: string): Promise<PopupRow | null> {
  const [row] = await db.select().from(popups).where(eq(popups.id, id));
  return row ?? null;
}

/** Every popup for the admin list, latest start first. */
export async function findAllPopups(db: Db): Promise<PopupRow[]> {
  return db.select().from(popups).orderBy(desc(popups.startsAt), desc(popups.id));
}

export async function updatePopup(db: Db, id: string, values: Partial<typeof popups.$inferInsert>): Promise<PopupRow | null> {
  const [row] = await db.update(popups).set(values).where(eq(popups.id, id)).returning();
  return row ?? null;
}

export async function deletePopup(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(popups).where(eq(popups.id, id)).returning({ id: popups.id });
  return deleted.length > 0;
}
