import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@pulse/contract/health';
import { pingDatabase } from './health-repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A failing database makes this a 500, which is what a load balancer's probe should see.
  app.get('/api/health', { schema: { response: { 200: ZHealthResponse } } }, async () => {
    await pingDatabase(app.db);
    return { status: 'ok' as const, db: app.database.kind };
  });
};
