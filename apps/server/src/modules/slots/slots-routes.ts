import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeliverySlot, ZDeliverySlotInput, ZSellerSlotsParams, ZSellerSlotsQuery, ZSlotListResponse, ZSlotParams } from '@pulse/contract/orders';
import { requireUser } from '../../plugins/auth';
import { assertSlotSeller, createSlot, listSellerSlots, removeSlot } from './slots-service';

/** Pickup and delivery windows: public list per seller; sellers publish and delete their own. */
export const slotsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Visitors (401) and non-sellers (403) are refused before the body is validated.
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertSlotSeller(app.db, requireUser(request))];

  app.get(
    '/api/sellers/:userId/slots',
    { schema: { params: ZSellerSlotsParams, querystring: ZSellerSlotsQuery, response: { 200: ZSlotListResponse } } },
    async (request) => listSellerSlots(app.db, request.params.userId.toLowerCase(), request.query.method),
  );

  app.post(
    '/api/seller/slots',
    { schema: { body: ZDeliverySlotInput, response: { 201: ZDeliverySlot } }, preValidation: sellerOnly },
    async (request, reply) => reply.code(201).send(await createSlot(app.db, requireUser(request), request.body)),
  );

  app.delete(
    '/api/seller/slots/:slotId',
    { schema: { params: ZSlotParams }, preValidation: sellerOnly },
    async (request, reply) => {
      await removeSlot(app.db, requireUser(request), request.params.slotId.toLowerCase());
      return reply.code(204).send();
    },
  );
};
