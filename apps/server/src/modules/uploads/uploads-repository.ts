import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type UploadRow } from '../../db/schema/uploads';

export async function insertUpload(
  db: Db,
  values: {
    id: string;
    ownerUserId: string;
    storageKey: string;
    thumbStorageKey: string | null;
    contentType: string;
    byteSize: number;
    width: number;
    height: number;
  },
): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('no upload inserted');
  return row;
}

/** The upload whose full image or thumbnail variant is stored under `storageKey`. */
export async function findUploadByStorageKey(db: Db, storageKey: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(or(eq(uploads.storageKey, storageKey), eq(uploads.thumbStorageKey, storageKey)));
  return row ?? null;
}

export async function findUploadById(db: Db, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
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
