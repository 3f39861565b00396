import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminAttributionsQuery,
  ZAdminAttributionsResponse,
  ZAdminReferralAgentsResponse,
  ZAttributionParams,
  ZVoidAttributionRequest,
  ZVoidAttributionResponse,
} from '@pulse/contract/referrals';
import { requireUser } from '../../plugins/auth';
import { listAttributions, listReferralAgents, voidAttribution } from './admin-referrals-service';
import { assertAdmin } from './admin-service';

/** The referral programme seen by admins (issue 13): agents' figures, attributions, voiding one. Admins only, refused before validation. */
export const adminReferralsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/admin/referrals/agents',
    { schema: { response: { 200: ZAdminReferralAgentsResponse } }, preValidation: adminOnly },
    async () => listReferralAgents(app.db, app.config.currency),
  );

  app.get(
    '/api/admin/referrals/attributions',
    { schema: { querystring: ZAdminAttributionsQuery, response: { 200: ZAdminAttributionsResponse } }, preValidation: adminOnly },
    async (request) => listAttributions(app.db, app.config.currency, request.query),
  );

  app.post(
    '/api/admin/referrals/attributions/:id/void',
    { schema: { params: ZAttributionParams, body: ZVoidAttributionRequest, response: { 200: ZVoidAttributionResponse } }, preValidation: adminOnly },
    async (request) => voidAttribution(app, requireUser(request), request.params.id, request.body.reason),
  );
};
