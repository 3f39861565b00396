import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How often idle keep-alive sockets are closed while draining (a socket busy at SIGTERM turns idle later). */
const IDLE_SWEEP_MS = 250;
/** After the grace ran out, how long the database may take to close before the process exits anyway. */
const DATABASE_CLOSE_AFTER_GRACE_MS = 3_000;

interface InFlight {
  method: string;
  url: string;
  startedAt: number;
  response: ServerResponse;
}

/**
 * The requests the HTTP server is answering right now, seen on the raw Node server (Socket.IO's
 * long-polls included), so a shutdown can tell them to close their connection and, when the grace
 * runs out, say which ones were still open.
 */
export function trackInFlightRequests(server: Server) {
  const inFlight = new Set<InFlight>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const entry: InFlight = { method: request.method ?? '?', url: (request.url ?? '').split('?')[0] ?? '', startedAt: Date.now(), response };
    inFlight.add(entry);
    response.once('close', () => inFlight.delete(entry));
  });
  return {
    /** Each open request's answer will carry `Connection: close`, so its keep-alive socket ends with it. */
    closeConnectionsAfterAnswer() {
      for (const { response } of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    },
    describe(): string[] {
      const now = Date.now();
      return [...inFlight].map(({ method, url, startedAt }) => `${method} ${url} (open for ${((now - startedAt) / 1000).toFixed(1)} s)`);
    },
  };
}

export interface GracefulShutdownOptions {
  app: FastifyInstance;
  /** Closed after the app (PGlite flushes its files then). */
  closeDatabase: () => Promise<void>;
  graceSeconds: number;
  exit?: (code: number) => void;
}

/**
 * SIGTERM and SIGINT (issue 29, decision 067): readiness turns 503 at once (app.lifecycle), then
 * app.close(): Fastify stops listening (new connections are refused), answers 503 with
 * `Connection: close` to a request arriving on a kept-alive connection, waits for the requests in
 * flight, and runs every plugin's onClose (Socket.IO, the job system and mail worker stop, Redis
 * disconnects); then the database closes and the process exits 0. When that takes longer than the
 * grace, what is still open is logged and the process exits 1. A second signal is logged and ignored.
 */
export function installGracefulShutdown({ app, closeDatabase, graceSeconds, exit = (code) => process.exit(code) }: GracefulShutdownOptions) {
  const requests = trackInFlightRequests(app.server);
  let stopping: Promise<void> | null = null;

  async function stop(signal: string): Promise<void> {
    const startedAt = Date.now();
    app.log.info({ signal, graceSeconds }, `${signal}: draining (readiness 503, no new connections), in-flight requests may take ${graceSeconds} s`);
    app.lifecycle.startDraining();
    requests.closeConnectionsAfterAnswer();
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    idleSweep.unref();

    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace over'), graceSeconds * 1000);
    });
    const closed = app.close().then(
      () => 'closed' as const,
      (error: unknown) => {
        app.log.error({ err: error }, 'Closing the app failed');
        return 'failed' as const;
      },
    );
    const outcome = await Promise.race([closed, graceOver]);
    clearTimeout(graceTimer);
    clearInterval(idleSweep);

    if (outcome === 'grace over') {
      const openConnections = await new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? -1 : count)));
      app.log.error(
        { openRequests: requests.describe(), openConnections, socketIoClients: app.realtime.io.engine.clientsCount, activeResources: process.getActiveResourcesInfo() },
        `Shutdown grace of ${graceSeconds} s ran out; still open: ${requests.describe().join(', ') || 'no HTTP request'}; exiting with 1`,
      );
      // Closing PGlite flushes its files; bounded, since something may still hold it.
      await Promise.race([closeDatabase().catch(() => {}), new Promise((resolve) => setTimeout(resolve, DATABASE_CLOSE_AFTER_GRACE_MS).unref())]);
      exit(1);
      return;
    }
    try {
      // Closing PGlite flushes its files; skipping this can lose the last writes.
      await closeDatabase();
    } catch (error) {
      app.log.error({ err: error }, 'Closing the database failed');
      exit(1);
      return;
    }
    app.log.info(`Shut down in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    exit(outcome === 'closed' ? 0 : 1);
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, `${signal} while already shutting down: ignored (the shutdown grace still runs)`);
      return;
    }
    stopping = stop(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
