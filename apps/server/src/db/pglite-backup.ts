import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { backupsDirectoryOf, createDb, lockDataDir, PGLITE_EXTENSIONS, pgliteDirectoryOf } from './client';

/**
 * Backups of the embedded database (decision 026): PGlite's own dump of its data folder (a gzipped
 * tarball) and its own loader. Both need the folder to themselves, so they take the pid lock the
 * server holds: while the server runs they are refused with "stop the server first".
 */

export interface BackupResult {
  file: string;
  bytes: number;
}

/** `pulse-backup-2026-05-01T09-30-00-000Z.tar.gz`: names sort by time, so the newest is the last. */
export function backupFileName(now: Date): string {
  return `pulse-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** Dumps DATA_DIR's database into `outDir` (default DATA_DIR/backups) under a timestamped name. */
export async function backupDataDir(dataDir: string, options: { outDir?: string; now?: Date } = {}): Promise<BackupResult> {
  const outDir = options.outDir ?? backupsDirectoryOf(dataDir);
  if (!existsSync(pgliteDirectoryOf(dataDir))) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  const database = await createDb({ databaseUrl: null, dataDir });
  try {
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    const dump = await database.client.dumpDataDir('gzip');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, backupFileName(options.now ?? new Date()));
    // Written under a temporary name first: a half-written file must never look like a backup.
    const partial = `${file}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return { file, bytes: (await stat(file)).size };
  } finally {
    await database.close();
  }
}

export interface RestoreResult {
  /** Where the database that was there before went (kept, not deleted); null when there was none. */
  previous: string | null;
}

/**
 * Replaces DATA_DIR's database with the backup. The folder that was there (perhaps a damaged one)
 * is moved aside, not deleted, and put back if the backup cannot be loaded.
 */
export async function restoreDataDir(dataDir: string, backupFile: string, now: Date = new Date()): Promise<RestoreResult> {
  if (!existsSync(backupFile)) throw new Error(`There is no backup file ${backupFile}.`);
  const tarball = new Blob([await readFile(backupFile)]);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const directory = pgliteDirectoryOf(dataDir);
    const previous = existsSync(directory) ? `${directory}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : null;
    if (previous) renameSync(directory, previous);
    try {
      const client = new PGlite(directory, { extensions: PGLITE_EXTENSIONS, loadDataDir: tarball });
      await client.waitReady;
      // The tarball unpacked and PostgreSQL started on it: prove it answers before calling it restored.
      await client.query('select count(*) from pg_class');
      await client.close();
    } catch (error) {
      rmSync(directory, { recursive: true, force: true });
      if (previous) renameSync(previous, directory);
      throw new Error(`The backup ${backupFile} could not be loaded (${(error as Error).message}); the database was left as it was.`, { cause: error });
    }
    return { previous };
  } finally {
    unlock();
  }
}
