import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECKOUT_IDEMPOTENCY_HEADER,
  ZCheckoutInput,
  ZCheckoutQuoteInput,
  ZCheckoutQuoteResponse,
  ZCheckoutResponse,
} from '@pulse/contract/orders';
import { requireUser } from '../../plugins/auth';
import { parseCheckoutIdempotencyKey, placeCheckout, quoteCheckout } from './checkout-service';

/** Checkout: a quote (fees, slots, wallet) and the idempotent order placement. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout/quote',
    { schema: { body: ZCheckoutQuoteInput, response: { 200: ZCheckoutQuoteResponse } }, preValidation: app.authenticate },
    async (request) => quoteCheckout(app, requireUser(request), request.body),
  );

  app.post(
    '/api/checkout',
    { schema: { body: ZCheckoutInput, response: { 200: ZCheckoutResponse, 201: ZCheckoutResponse } }, preValidation: app.authenticate },
    async (request, reply) => {
      const user = requireUser(request);
      const key = parseCheckoutIdempotencyKey(request.headers[CHECKOUT_IDEMPOTENCY_HEADER]);
      const { response, created } = await placeCheckout(app, user, key, request.body);
      return reply.code(created ? 201 : 200).send(response);
    },
  );
};
