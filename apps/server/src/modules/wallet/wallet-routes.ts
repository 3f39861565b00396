import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@pulse/contract/ids';
import {
  ZPaymentOtpInput,
  ZTopUpInput,
  ZTopUpResponse,
  ZWalletHistoryQuery,
  ZWalletHistoryResponse,
  ZWalletResponse,
} from '@pulse/contract/wallet';
import { requireUser } from '../../plugins/auth';
import { cancelTopUp, createTopUp, getTopUp, getWallet, getWalletHistory, requireIdempotencyKey, submitTopUpOtp } from './wallet-service';

/** The signed-in user's wallet: balances, history and top-ups through the payment provider. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/wallet', { schema: { response: { 200: ZWalletResponse } }, onRequest: app.authenticate }, async (request) =>
    getWallet(app, requireUser(request).id),
  );

  app.get(
    '/api/wallet/history',
    { schema: { querystring: ZWalletHistoryQuery, response: { 200: ZWalletHistoryResponse } }, onRequest: app.authenticate },
    async (request) => getWalletHistory(app.db, requireUser(request).id, request.query),
  );

  app.post(
    '/api/wallet/top-ups',
    { schema: { body: ZTopUpInput, response: { 200: ZTopUpResponse, 201: ZTopUpResponse } }, onRequest: app.authenticate },
    async (request, reply) => {
      const user = requireUser(request);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const { topUp, created } = await createTopUp(app, user.id, request.body, idempotencyKey, request.i18n);
      return reply.code(created ? 201 : 200).send(topUp);
    },
  );

  // The top-up's state; while pending it asks the provider (the wallet page polls it on return from the payment page).
  app.get(
    '/api/wallet/top-ups/:id',
    { schema: { params: ZIdParams, response: { 200: ZTopUpResponse } }, onRequest: app.authenticate },
    async (request) => getTopUp(app, requireUser(request).id, request.params.id, request.i18n),
  );

  app.post(
    '/api/wallet/top-ups/:id/otp',
    { schema: { params: ZIdParams, body: ZPaymentOtpInput, response: { 200: ZTopUpResponse } }, onRequest: app.authenticate },
    async (request) => submitTopUpOtp(app, requireUser(request).id, request.params.id, request.body.otp, request.i18n),
  );

  // Back from the provider's page by its Cancel (cancel_action): verify, then abandon what did not succeed. Idempotent.
  app.post(
    '/api/wallet/top-ups/:id/cancel',
    { schema: { params: ZIdParams, response: { 200: ZTopUpResponse } }, onRequest: app.authenticate },
    async (request) => cancelTopUp(app, requireUser(request).id, request.params.id, request.i18n),
  );
};
