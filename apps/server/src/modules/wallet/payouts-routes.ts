import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZResolveAccountInput, ZResolveAccountResponse } from '@pulse/contract/payments';
import { ZPayoutInput, ZPayoutListQuery, ZPayoutListResponse, ZPayoutResponse } from '@pulse/contract/wallet';
import { requireUser } from '../../plugins/auth';
import { requireVerifiedEmail } from '../auth/email-verification-service';
import { rateLimitFor } from '../../plugins/rate-limits';
import { isApprovedAgent } from '../agents/agents-service';
import { resolvePayoutAccountName } from '../payments/payout-recipients-service';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { createPayout, getPayouts } from './payouts-service';
import { requireIdempotencyKey } from './wallet-service';

/** Payouts of earnings to mobile money or a bank account, and the account-name lookup of the payout details forms. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Payouts are for approved sellers and approved Pulse Agents (their earnings): 401/403 before the body is looked at.
  const sellerOnly = [
    app.authenticate,
    async (request: FastifyRequest) => {
      const user = requireUser(request);
      if (await isApprovedAgent(app.db, user.id)) return;
      await assertApprovedSeller(app.db, user);
    },
  ];

  app.get(
    '/api/wallet/payouts',
    { schema: { querystring: ZPayoutListQuery, response: { 200: ZPayoutListResponse } }, preValidation: sellerOnly },
    async (request) => getPayouts(app.db, requireUser(request).id, request.query, request.i18n),
  );

  app.post(
    '/api/wallet/payouts',
    // Money leaves only for a confirmed address (decision 053): seller or agent first, then the address.
    { schema: { body: ZPayoutInput, response: { 200: ZPayoutResponse, 201: ZPayoutResponse } }, preValidation: [...sellerOnly, requireVerifiedEmail] },
    async (request, reply) => {
      const user = requireUser(request);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const { payout, created } = await createPayout(app, user.id, request.body, idempotencyKey, request.i18n);
      return reply.code(created ? 201 : 200).send(payout);
    },
  );

  // Anyone signed in: applicants confirm the name before they are sellers or agents. Limited per user,
  // since each lookup is a call to the provider and names are personal data.
  app.post(
    '/api/wallet/payout-recipients/resolve',
    {
      schema: { body: ZResolveAccountInput, response: { 200: ZResolveAccountResponse } },
      preValidation: app.authenticate,
      config: { rateLimit: rateLimitFor(app.config, 'accountLookup') },
    },
    async (request) => resolvePayoutAccountName(app, request.body),
  );
};
