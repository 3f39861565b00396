import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type UploadRow } from '../../db/schema/uploads';

export async function insertUpload(
  db: Db,
  values: { id: string; ownerUserId: string; storageKey: string; contentType: string; byteSize: number; width: number; height: number },
): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('no upload inserted');
  return row;
}

export async function findUploadByStorageKey(db: Db, storageKey: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey));
  return row ?? null;
}

/** The upload, only if `ownerUserId` made it. */
export async function findOwnedUpload(db: Db, uploadId: string, ownerUserId: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerUserId, ownerUserId)));
  return row ?? null;
}
