import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMORY_DATA_DIR, type Config } from '../../config';
import { createLocalFolderStorage, type ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/**
 * The storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set, else
 * DATA_DIR/uploads; an in-memory database (tests) gets a temporary folder. Call `close` when done
 * (it removes the temporary folder and releases S3 connections).
 */
export async function createObjectStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<{ storage: ObjectStorage; close(): Promise<void> }> {
  if (config.s3) {
    const storage = createS3Storage(config.s3);
    return { storage, close: async () => storage.close() };
  }
  if (config.dataDir !== MEMORY_DATA_DIR) {
    return { storage: createLocalFolderStorage(join(config.dataDir, 'uploads')), close: async () => {} };
  }
  const folder = await mkdtemp(join(tmpdir(), 'pulse-uploads-'));
  return {
    storage: createLocalFolderStorage(folder),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}
