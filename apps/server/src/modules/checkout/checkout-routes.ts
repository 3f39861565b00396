import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECKOUT_IDEMPOTENCY_HEADER,
  ZCheckoutInput,
  ZCheckoutPaymentParams,
  ZCheckoutPaymentResponse,
  ZCheckoutQuoteInput,
  ZCheckoutQuoteResponse,
  ZCheckoutResponse,
} from '@pulse/contract/orders';
import { ZPaymentOtpInput } from '@pulse/contract/wallet';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { cancelCheckoutPayment, getCheckoutPayment, submitCheckoutPaymentOtp } from './checkout-payment-service';
import { parseCheckoutIdempotencyKey, placeCheckout, quoteCheckout } from './checkout-service';

/** Checkout: a quote (fees, slots, wallet), the idempotent order placement and its provider payment. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // Discount codes are never enumerable (decision 062): a quote or checkout that carries codes counts per user; one without is not counted.
  const discountLookupLimit = {
    ...rateLimitFor(app.config, 'discountLookup'),
    allowList: (request: FastifyRequest) => {
      const body = request.body as { discountCodes?: unknown } | undefined;
      return !Array.isArray(body?.discountCodes) || body.discountCodes.length === 0;
    },
  };
  app.post(
    '/api/checkout/quote',
    { schema: { body: ZCheckoutQuoteInput, response: { 200: ZCheckoutQuoteResponse } }, preValidation: app.authenticate, config: { rateLimit: discountLookupLimit } },
    async (request) => quoteCheckout(app, requireUser(request), request.body, new Date(), request.i18n),
  );

  app.post(
    '/api/checkout',
    { schema: { body: ZCheckoutInput, response: { 200: ZCheckoutResponse, 201: ZCheckoutResponse } }, preValidation: app.authenticate, config: { rateLimit: discountLookupLimit } },
    async (request, reply) => {
      const user = requireUser(request);
      const key = parseCheckoutIdempotencyKey(request.headers[CHECKOUT_IDEMPOTENCY_HEADER]);
      const { response, created } = await placeCheckout(app, user, key, request.body, new Date(), request.i18n);
      return reply.code(created ? 201 : 200).send(response);
    },
  );

  // A checkout paid with payWith: its state (the basket polls it, and confirms the return from the provider's page).
  app.get(
    '/api/checkout/:checkoutId/payment',
    { schema: { params: ZCheckoutPaymentParams, response: { 200: ZCheckoutPaymentResponse } }, onRequest: app.authenticate },
    async (request) => getCheckoutPayment(app, requireUser(request).id, request.params.checkoutId, request.i18n),
  );

  app.post(
    '/api/checkout/:checkoutId/payment/otp',
    { schema: { params: ZCheckoutPaymentParams, body: ZPaymentOtpInput, response: { 200: ZCheckoutPaymentResponse } }, onRequest: app.authenticate },
    async (request) => submitCheckoutPaymentOtp(app, requireUser(request).id, request.params.checkoutId, request.body.otp, request.i18n),
  );

  // Back from the provider's page by its Cancel (cancel_action): verify, then give up what did not succeed (orders cancelled, basket back). Idempotent.
  app.post(
    '/api/checkout/:checkoutId/payment/cancel',
    { schema: { params: ZCheckoutPaymentParams, response: { 200: ZCheckoutPaymentResponse } }, onRequest: app.authenticate },
    async (request) => cancelCheckoutPayment(app, requireUser(request).id, request.params.checkoutId, request.i18n),
  );
};
