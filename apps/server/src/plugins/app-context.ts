import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { Lifecycle } from '../lib/lifecycle';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Drizzle handle for repositories. */
    db: Db;
    database: Database;
    /** HS256 key for session tokens and signed cookies. */
    jwtSecret: string;
    /** Draining after SIGTERM (issue 29): readiness reads it, shutdown sets it. */
    lifecycle: Lifecycle;
  }
}

/** Shares the process-wide objects with every module (fastify/demo style decorations). */
export const appContextPlugin = fp<{ config: Config; database: Database; jwtSecret: string }>(
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate<Database>('database', options.database);
    app.decorate('db', options.database.orm);
    app.decorate('jwtSecret', options.jwtSecret);
    app.decorate('lifecycle', new Lifecycle());
  },
  { name: 'app-context' },
);
