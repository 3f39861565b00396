import type { I18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateStandingOrderRequest,
  ZPauseStandingOrderRequest,
  ZSkipCycleRequest,
  ZStandingDemandResponse,
  ZStandingOrderDetail,
  type TStandingOrderDetail,
  ZStandingOrderListResponse,
  ZStandingOrderParams,
  ZStandingOrderPreviewResponse,
  ZUpdateStandingOrderRequest,
} from '@pulse/contract/standing-orders';
import { requireUser } from '../../plugins/auth';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { cycleReasonText } from './standing-cycle-engine';
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
/** The cycles' reasons, stored as codes (held for a price, a wallet short of so much...), in the asker's language. */
function told(detail: TStandingOrderDetail, i18n: I18n): TStandingOrderDetail {
  return { ...detail, cycles: detail.cycles.map((cycle) => ({ ...cycle, reason: cycleReasonText(cycle.reason, i18n, detail.currency) })) };
}

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
    async (request, reply) => reply.code(201).send(told(await createStandingOrder(app, requireUser(request), request.body), request.i18n)),
  );
  app.get(
    '/api/standing-orders/:id',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await getStandingOrder(app, requireUser(request).id, request.params.id), request.i18n),
  );
  app.patch(
    '/api/standing-orders/:id',
    { schema: { params: ZStandingOrderParams, body: ZUpdateStandingOrderRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await updateStandingOrder(app, requireUser(request), request.params.id, request.body), request.i18n),
  );
  app.post(
    '/api/standing-orders/:id/skip',
    { schema: { params: ZStandingOrderParams, body: ZSkipCycleRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await skipCycle(app, requireUser(request), request.params.id, request.body), request.i18n),
  );
  app.post(
    '/api/standing-orders/:id/pause',
    { schema: { params: ZStandingOrderParams, body: ZPauseStandingOrderRequest, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await pauseStandingOrder(app, requireUser(request), request.params.id, request.body.until), request.i18n),
  );
  app.post(
    '/api/standing-orders/:id/resume',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await resumeStandingOrder(app, requireUser(request), request.params.id), request.i18n),
  );
  app.post(
    '/api/standing-orders/:id/cancel',
    { schema: { params: ZStandingOrderParams, response: { 200: ZStandingOrderDetail } }, preValidation: signedIn },
    async (request) => told(await cancelStandingOrder(app, requireUser(request), request.params.id), request.i18n),
  );

  app.get('/api/seller/standing-demand', { schema: { response: { 200: ZStandingDemandResponse } }, preValidation: sellerOnly }, async (request) =>
    standingDemand(app, requireUser(request).id),
  );
};
