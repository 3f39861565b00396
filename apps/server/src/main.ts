import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createDb, DatabaseDamagedError, DatabaseLockedError } from './db/client';
import { migrate } from './db/migrate';
import { installGracefulShutdown } from './lib/graceful-shutdown';
import { holdOrderTimers } from './modules/orders/order-timers-plugin';
import { seedDemoData } from './seed/demo-seed';

async function start(): Promise<void> {
  const config = loadConfig();
  const database = await createDb(config);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, db: database });
  if (config.seedDemo) {
    const releaseTimers = holdOrderTimers();
    try {
      const seeded = await seedDemoData(app);
      if (seeded) {
        app.log.info(
          `Demo data seeded in ${(seeded.milliseconds / 1000).toFixed(1)} s: ${seeded.sellers} farms, ${seeded.buyers} buyers, ` +
            `${seeded.products} products, ${seeded.images} images, ${seeded.deliverySlots} delivery slots (SEED_DEMO=false to skip)`,
        );
      }
    } catch (error) {
      await app.close();
      await database.close();
      throw error;
    } finally {
      releaseTimers();
    }
  }

  // SIGTERM/SIGINT: drain, finish what is in flight (up to SHUTDOWN_GRACE_SECONDS), close, exit 0 (lib/graceful-shutdown.ts).
  installGracefulShutdown({ app, closeDatabase: () => database.close(), graceSeconds: config.ops.shutdownGraceSeconds });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  // The Node it runs on (decision 044: the one package.json pins, not the machine's).
  app.log.info(`${config.appName} is running at ${config.publicUrl} (database: ${database.kind}, Node ${process.version})`);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof DatabaseDamagedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
