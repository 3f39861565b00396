import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRefundListQuery, ZRefundListResponse } from '@pulse/contract/orders';
import { requireUser } from '../../plugins/auth';
import { assertAdmin, assertApprovedSeller } from '../seller-dashboard/seller-access';
import { listRefundCases } from './refunds-service';

/**
 * Refund cases: the seller's own (/refunds-history) and the admin's list of disputes. Decisions go
 * through POST /api/orders/{id}/actions (approve_refund, reject_refund, contest_refund).
 */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: 401/403 come first, whatever the query.
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/seller/refunds',
    { schema: { querystring: ZRefundListQuery, response: { 200: ZRefundListResponse } }, preValidation: sellerOnly },
    async (request) => listRefundCases(app.db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/admin/refunds',
    { schema: { querystring: ZRefundListQuery, response: { 200: ZRefundListResponse } }, preValidation: adminOnly },
    async (request) => listRefundCases(app.db, null, request.query),
  );
};
