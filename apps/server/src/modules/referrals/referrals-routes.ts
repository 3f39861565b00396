import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReferralCodeParams, ZReferralCodeResponse, ZReferralVisitRequest, ZReferralVisitResponse } from '@pulse/contract/referrals';
import { lookupReferralCode } from './referral-codes';
import { recordReferralVisit } from './referral-visits-service';

/** Beyond the per-browser and per-IP counting rules: a flood from one address is cut off before the database. */
export const REFERRAL_VISIT_REQUESTS_PER_MINUTE = 30;

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
      config: {
        rateLimit: {
          max: REFERRAL_VISIT_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `referral-visit-ip:${request.ip}`,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await recordReferralVisit(app.db, app.jwtSecret, { ...request.body, ip: request.ip })),
  );
};
