import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPostTipList, ZTipInput, ZTipOptions, ZTipResponse } from '@pulse/contract/hub';
import { ZIdParams } from '@pulse/contract/ids';
import { requireUser } from '../../plugins/auth';
import { requireIdempotencyKey } from '../wallet/wallet-service';
import { getTipOptions, listTipsForAuthor, tipPost } from './hub-tips-service';

/** Pulse Hub tips (decision 022): options, paying a tip from the wallet, the author's list of tippers. */
export const hubTipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.authenticate };

  app.get('/api/hub/tip-options', { schema: { response: { 200: ZTipOptions } }, ...signedIn }, async () => getTipOptions(app.config));

  app.post(
    '/api/hub/posts/:id/tips',
    { schema: { params: ZIdParams, body: ZTipInput, response: { 200: ZTipResponse, 201: ZTipResponse } }, ...signedIn },
    async (request, reply) => {
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const { tip, created } = await tipPost(app, requireUser(request), request.params.id, request.body, idempotencyKey);
      return reply.code(created ? 201 : 200).send(tip);
    },
  );

  app.get('/api/hub/posts/:id/tips', { schema: { params: ZIdParams, response: { 200: ZPostTipList } }, ...signedIn }, async (request) =>
    listTipsForAuthor(app.db, requireUser(request), request.params.id),
  );
};
