import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddBasketItemInput, ZBasketItemParams, ZBasketResponse, ZUpdateBasketItemInput } from '@pulse/contract/baskets';
import { ZBasketCountResponse } from '@pulse/contract/counts';
import { addBasketItem, emptyBasket, getBasket, getBasketCount, removeBasketItem, updateBasketItem } from './baskets-service';
import { requireUser } from '../../plugins/auth';

/** The signed-in user's basket. Every change answers with the whole basket as it is now. */
export const basketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/baskets/count', { schema: { response: { 200: ZBasketCountResponse } }, onRequest: app.authenticate }, async (request) =>
    getBasketCount(app.db, requireUser(request).id),
  );

  app.get('/api/baskets', { schema: { response: { 200: ZBasketResponse } }, onRequest: app.authenticate }, async (request) =>
    getBasket(app.db, requireUser(request).id, app.config.currency, request.i18n),
  );

  app.post(
    '/api/baskets/items',
    { schema: { body: ZAddBasketItemInput, response: { 201: ZBasketResponse } }, onRequest: app.authenticate },
    async (request, reply) => reply.code(201).send(await addBasketItem(app.db, requireUser(request).id, request.body, app.config.currency, request.i18n)),
  );

  app.patch(
    '/api/baskets/items/:itemId',
    { schema: { params: ZBasketItemParams, body: ZUpdateBasketItemInput, response: { 200: ZBasketResponse } }, onRequest: app.authenticate },
    async (request) =>
      updateBasketItem(app.db, requireUser(request).id, request.params.itemId.toLowerCase(), request.body.quantity, app.config.currency, request.i18n),
  );

  app.delete(
    '/api/baskets/items/:itemId',
    { schema: { params: ZBasketItemParams, response: { 200: ZBasketResponse } }, onRequest: app.authenticate },
    async (request) => removeBasketItem(app.db, requireUser(request).id, request.params.itemId.toLowerCase(), app.config.currency, request.i18n),
  );

  app.delete('/api/baskets', { onRequest: app.authenticate }, async (request, reply) => {
    await emptyBasket(app.db, requireUser(request).id);
    return reply.code(204).send();
  });
};
