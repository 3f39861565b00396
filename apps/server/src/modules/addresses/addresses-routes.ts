import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddress, ZAddressInput, ZAddressListResponse, ZAddressParams } from '@pulse/contract/addresses';
import { requireUser } from '../../plugins/auth';
import { createAddress, getAddresses, makeDefaultAddress, removeAddress, replaceAddress } from './addresses-service';

/** The signed-in user's delivery addresses; another user's address is 404. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/addresses', { schema: { response: { 200: ZAddressListResponse } }, onRequest: app.authenticate }, async (request) =>
    getAddresses(app.db, requireUser(request).id),
  );

  app.post(
    '/api/addresses',
    { schema: { body: ZAddressInput, response: { 201: ZAddress } }, onRequest: app.authenticate },
    async (request, reply) => reply.code(201).send(await createAddress(app.db, requireUser(request).id, request.body)),
  );

  app.put(
    '/api/addresses/:addressId',
    { schema: { params: ZAddressParams, body: ZAddressInput, response: { 200: ZAddress } }, onRequest: app.authenticate },
    async (request) => replaceAddress(app.db, requireUser(request).id, request.params.addressId.toLowerCase(), request.body),
  );

  app.delete('/api/addresses/:addressId', { schema: { params: ZAddressParams }, onRequest: app.authenticate }, async (request, reply) => {
    await removeAddress(app.db, requireUser(request).id, request.params.addressId.toLowerCase());
    return reply.code(204).send();
  });

  app.post(
    '/api/addresses/:addressId/default',
    { schema: { params: ZAddressParams, response: { 200: ZAddress } }, onRequest: app.authenticate },
    async (request) => makeDefaultAddress(app.db, requireUser(request).id, request.params.addressId.toLowerCase()),
  );
};
