/**
 * One process of the two-process test of weekly basket cycles (standing-cycle-processes.test.ts):
 * an app on the given PostgreSQL database sweeps the standing orders once at the given time and
 * prints its report as one JSON line. With `hang`, it prints "claimed" as soon as it holds a cycle's
 * row (inside the cycle's transaction) and waits there, to be killed with SIGKILL.
 *
 *   tsx sweep-child.ts <databaseUrl> <nowIso> <sweep|hang>
 */
import { buildApp } from '../../../app';
import { loadConfig, MEMORY_DATA_DIR } from '../../../config';
import { createDb } from '../../../db/client';
import { TEST_ENV } from '../../../testing/create-test-app';
import { sweepStandingOrders } from '../standing-cycle-engine';

const [databaseUrl, nowIso, mode] = process.argv.slice(2);
if (!databaseUrl || !nowIso || (mode !== 'sweep' && mode !== 'hang')) {
  console.error('usage: sweep-child.ts <databaseUrl> <nowIso> <sweep|hang>');
  process.exit(2);
}

const config = loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, ORDER_TIMERS: 'off' });
const db = await createDb({ databaseUrl, dataDir: MEMORY_DATA_DIR });
const app = await buildApp({ config, db, logger: false });
await app.ready();
const report = await sweepStandingOrders(app, new Date(nowIso), {
  afterClaim:
    mode === 'hang'
      ? async () => {
          process.stdout.write('claimed\n');
          // Held here, the cycle's row locked and its transaction open, until the test kills the process.
          await new Promise(() => {});
        }
      : undefined,
});
process.stdout.write(`${JSON.stringify(report)}\n`);
await app.close();
await db.close();
