import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetSellerParams, ZGetSellerResponse } from '@pulse/contract/sellers';
import { getSellerApplication } from './sellers-service';
import { requireUser } from '../../plugins/auth';

export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sellers/:userId',
    { schema: { params: ZGetSellerParams, response: { 200: ZGetSellerResponse } }, preHandler: app.authenticate },
    async (request) => getSellerApplication(app.db, requireUser(request), request.params.userId),
  );
};
