import { ConfigError, loadConfig } from './config';
import { tracingHooks } from './lib/tracing-state';

/** OTEL_EXPORTER_OTLP_ENDPOINT is set (a bad configuration is reported by start() below). */
function tracingWanted(): boolean {
  try {
    return loadConfig().ops.otlpEndpoint !== null;
  } catch {
    return false;
  }
}

// Traces (issue 29): the OpenTelemetry SDK must be in place before the modules below import fastify
// and pg, so they are imported after it; without the variable the SDK is never loaded.
if (tracingWanted()) await import('./tracing');
const { buildApp } = await import('./app');
const { createDb, DatabaseDamagedError, DatabaseLockedError } = await import('./db/client');
const { migrate } = await import('./db/migrate');
const { installGracefulShutdown } = await import('./lib/graceful-shutdown');
const { holdOrderTimers } = await import('./modules/orders/order-timers-plugin');
const { seedDemoData } = await import('./seed/demo-seed');

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
  // Closing PGlite flushes its files; then the spans still waiting in the batch (no-op without tracing).
  installGracefulShutdown({
    app,
    closeDatabase: async () => {
      try {
        await database.close();
      } finally {
        await tracingHooks()?.shutdown();
      }
    },
    graceSeconds: config.ops.shutdownGraceSeconds,
  });

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
