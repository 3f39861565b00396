import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFinalWeightsInput, ZOrderActionInput, ZOrderDetails, ZOrderListQuery, ZOrderListResponse, ZOrderParams } from '@pulse/contract/orders';
import { requireUser } from '../../plugins/auth';
import { getOrderDetails, listOrders, performOrderAction, recordFinalWeights } from './orders-service';

/** Orders: lists per role, details for the parties, actions through the state machine, final weights. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders',
    { schema: { querystring: ZOrderListQuery, response: { 200: ZOrderListResponse } }, preValidation: app.authenticate },
    async (request) => listOrders(app.db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/orders/:orderId',
    { schema: { params: ZOrderParams, response: { 200: ZOrderDetails } }, preHandler: app.authenticate },
    async (request) => getOrderDetails(app.db, requireUser(request), request.params.orderId.toLowerCase()),
  );

  app.post(
    '/api/orders/:orderId/actions',
    { schema: { params: ZOrderParams, body: ZOrderActionInput, response: { 200: ZOrderDetails } }, preValidation: app.authenticate },
    async (request) => performOrderAction(app, requireUser(request), request.params.orderId.toLowerCase(), request.body),
  );

  app.post(
    '/api/orders/:orderId/final-weights',
    { schema: { params: ZOrderParams, body: ZFinalWeightsInput, response: { 200: ZOrderDetails } }, preValidation: app.authenticate },
    async (request) => recordFinalWeights(app, requireUser(request), request.params.orderId.toLowerCase(), request.body),
  );
};
