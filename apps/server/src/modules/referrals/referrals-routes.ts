import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReferralCodeParams, ZReferralCodeResponse, ZReferralVisitRequest, ZReferralVisitResponse } from '@pulse/contract/referrals';
import { rateLimitFor } from '../../plugins/rate-limits';
import { lookupReferralCode } from './referral-codes';
import { recordReferralVisit } from './referral-visits-service';

/**
 * Visitor routes of the referral programme (decision 023): who a code belongs to, and counting a
 * `?ref=` visit. No sign-in needed; a signed-in visitor is treated the same.
 */
export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/referrals/codes/:code',
    { schema: { params: ZReferralCodeParams, response: { 200: ZReferralCodeResponse } } },
    async (request) => lookupReferralCode(app.db, request.params.code),
  );

  app.post(
    '/api/referrals/visits',
    {
      schema: { body: ZReferralVisitRequest, response: { 202: ZReferralVisitResponse } },
      // Beyond the per-browser and per-IP counting rules: a flood from one address is cut off before the database.
      config: { rateLimit: rateLimitFor(app.config, 'referralVisit') },
    },
    async (request, reply) =>
      reply.code(202).send(await recordReferralVisit(app.db, app.jwtSecret, { ...request.body, ip: request.ip })),
  );
};
