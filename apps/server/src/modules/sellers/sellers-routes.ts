import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetSellerParams, ZGetSellerResponse, ZSellerApplication, ZSellerApplicationInput } from '@pulse/contract/sellers';
import { getMySellerApplication, getSellerApplication, submitSellerApplication } from './sellers-service';
import { requireUser } from '../../plugins/auth';
import { requireVerifiedEmail } from '../auth/email-verification-service';

export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before /api/sellers/:userId would see "application" as an id (static routes win in find-my-way).
  app.post(
    '/api/sellers/application',
    // An unconfirmed address may browse and buy, not apply (decision 053).
    { schema: { body: ZSellerApplicationInput, response: { 201: ZSellerApplication } }, preValidation: [app.authenticate, requireVerifiedEmail] },
    async (request, reply) => {
      const { application } = await submitSellerApplication(app, requireUser(request), request.body);
      return reply.code(201).send(application);
    },
  );

  app.get(
    '/api/sellers/application/mine',
    { schema: { response: { 200: ZSellerApplication } }, preHandler: app.authenticate },
    async (request) => getMySellerApplication(app.db, requireUser(request)),
  );

  app.get(
    '/api/sellers/:userId',
    { schema: { params: ZGetSellerParams, response: { 200: ZGetSellerResponse } }, preHandler: app.authenticate },
    async (request) => getSellerApplication(app.db, requireUser(request), request.params.userId),
  );
};
