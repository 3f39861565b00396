import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import { ZSellerWalletResponse, ZTimezoneQuery } from '@pulse/contract/wallet';
import { requireUser } from '../../plugins/auth';
import { assertApprovedSeller } from './seller-access';
import { getSellerDashboard, getSellerWallet } from './seller-dashboard-service';

/** The seller's workspace data: dashboard (orders to act on, sales, low stock) and wallet figures. */
export const sellerDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];

  app.get(
    '/api/seller/dashboard',
    { schema: { querystring: ZTimezoneQuery, response: { 200: ZSellerDashboardResponse } }, preValidation: sellerOnly },
    async (request) => getSellerDashboard(app, requireUser(request).id, request.query.tzOffsetMinutes),
  );

  app.get(
    '/api/seller/wallet',
    { schema: { querystring: ZTimezoneQuery, response: { 200: ZSellerWalletResponse } }, preValidation: sellerOnly },
    async (request) => getSellerWallet(app, requireUser(request).id, request.query.tzOffsetMinutes),
  );
};
