import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, MEMORY_DATA_DIR } from './config';
import { DatabaseDamagedError, DatabaseLockedError } from './db/client';
import { backupDataDir, restoreDataDir } from './db/pglite-backup';

const USAGE = `Usage:
  npm run backup [-- --out FOLDER]    Write a backup of the embedded database (default folder: DATA_DIR/backups).
  npm run restore -- FILE             Replace the embedded database with a backup (the old folder is kept beside it).

Both work on the database in DATA_DIR and need the server stopped (the embedded database allows one process).
With DATABASE_URL (PostgreSQL) use pg_dump and pg_restore instead.`;

class UsageError extends Error {}

/** Paths on the command line are the caller's: npm runs this from apps/server, INIT_CWD is where npm was started. */
function fromCallerDirectory(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new UsageError(USAGE);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) throw new UsageError('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (see the README).');
  if (config.dataDir === MEMORY_DATA_DIR) throw new UsageError('DATA_DIR=memory:// keeps nothing on disk: there is nothing to back up or restore.');

  if (command === 'backup') {
    if (parsed.positionals.length > 0) throw new UsageError(`Unexpected argument ${parsed.positionals[0]}.\n\n${USAGE}`);
    const started = Date.now();
    const outDir = parsed.values.out === undefined ? undefined : fromCallerDirectory(parsed.values.out);
    const { file, bytes } = await backupDataDir(config.dataDir, outDir === undefined ? {} : { outDir });
    console.log(`Backup written: ${file} (${megabytes(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log(`Restore it with: npm run restore -- ${file}`);
    return;
  }

  const [file, extra] = parsed.positionals;
  if (!file || extra !== undefined || parsed.values.out !== undefined) throw new UsageError(`Name one backup file.\n\n${USAGE}`);
  const backupFile = fromCallerDirectory(file);
  const { previous } = await restoreDataDir(config.dataDir, backupFile);
  console.log(`Restored ${backupFile} into ${config.dataDir}.`);
  if (previous) console.log(`The database that was there is kept in ${previous} (delete it once you no longer need it).`);
  console.log('Start the server as usual; it applies any newer migrations at start.');
}

run(process.argv.slice(2))
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof DatabaseDamagedError) {
      console.error(error.message);
    } else {
      console.error(`Error: ${(error as Error).message}`);
    }
    process.exit(1);
  });
