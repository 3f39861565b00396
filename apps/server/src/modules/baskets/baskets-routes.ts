import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBasketCountResponse } from '@pulse/contract/counts';
import { getBasketCount } from './baskets-service';
import { requireUser } from '../../plugins/auth';

export const basketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/baskets/count', { schema: { response: { 200: ZBasketCountResponse } }, preHandler: app.authenticate }, async (request) =>
    getBasketCount(app.db, requireUser(request).id),
  );
};
