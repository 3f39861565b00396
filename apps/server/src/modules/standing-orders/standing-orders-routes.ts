import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateStandingOrderRequest,
  ZPauseStandingOrderRequest,
  ZSkipCycleRequest,
  ZStandingDemandResponse,
  ZStandingOrderDetail,
  ZStandingOrderListResponse,
  ZStandingOrderParams,
  ZStandingOrderPreviewResponse,
  ZUpdateStandingOrderRequest,
} from '@pulse/contract/standing-orders';
import { requireUser } from '../../plugins/auth';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import {
  cancelStandingOrder,
  createStandingOrder,
  getStandingOrder,
  listStandingOrders,
  pauseStandingOrder,
  previewStandingOrder,
  resumeStandingOrder,
  skipCycle,
  standingDemand,
  updateStandingOrder,
} from './standing-orders-service';

/**
 * Weekly baskets (decision 064): a buyer's standing orders (their own only: another buyer's id is
 * "not found") and the farm's expected demand. The cycle engine and the confirm route live in
 * standing-cycle-*.ts.
 */
export const standingOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = [app.authenticate];
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];

  app.get('/api/standing-orders', { schema: { response: { 200: ZStandingOrderListResponse } }, preValidation: signedIn }, async (request) =>
    listStandingOrders(app, requireUser(request).id),
  );
  app.post(
    '/api/standing-orders/preview',
    { schema: { body: ZCreateStandingOrderRequest, response: { 200: ZStandingOrderPreviewResponse } }, preValidation: signedIn },
    async (request) => previewStandingOrder(app, requireUser(request), request.body),
  );
  app.post(
    '/api/standing-orders',
    { schema: { body: ZCreateStandingOrderRequest, response: { 201: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request, reply) => reply.code(201).send(await createStandingOrder(app, requireUser(request), request.body)),
  );
  app.get(
    '/api/standing-orders/:id',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => getStandingOrder(app, requireUser(request).id, request.params.id),
  );
  app.patch(
    '/api/standing-orders/:id',
    { schema: { params: ZStandingOrderParams, body: ZUpdateStandingOrderRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => updateStandingOrder(app, requireUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/standing-orders/:id/skip',
    { schema: { params: ZStandingOrderParams, body: ZSkipCycleRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => skipCycle(app, requireUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/standing-orders/:id/pause',
    { schema: { params: ZStandingOrderParams, body: ZPauseStandingOrderRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => pauseStandingOrder(app, requireUser(request), request.params.id, request.body.until),
  );
  app.post(
    '/api/standing-orders/:id/resume',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => resumeStandingOrder(app, requireUser(request), request.params.id),
  );
  app.post(
    '/api/standing-orders/:id/cancel',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => cancelStandingOrder(app, requireUser(request), request.params.id),
  );

  app.get('/api/seller/standing-demand', { schema: { response: { 200: ZStandingDemandResponse } }, preValidation: sellerOnly }, async (request) =>
    standingDemand(app, requireUser(request).id),
  );
};
