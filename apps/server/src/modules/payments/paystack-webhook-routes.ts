import { msg } from '@lingui/core/runtime-macro';
import { ZPaymentWebhookResponse } from '@pulse/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError, UnauthorizedError } from '../../errors/domain-errors';
import { webhooksTotal } from '../../lib/metrics';
import { rateLimitFor } from '../../plugins/rate-limits';
import { parseProviderEvent, recordProviderEvent } from './payment-events-service';

export const PAYSTACK_WEBHOOK_PATH = '/api/payments/paystack/webhook';

/**
 * Paystack's webhooks (issue 24). No session: the signature is the authentication. It is checked
 * on the raw bytes before anything is parsed (this plugin's own JSON parser keeps the body as a
 * Buffer; every other route still gets parsed JSON). The event is stored once, answered 200 at
 * once, and acted on after the answer; the reconciliation sweep acts on any event left unprocessed.
 */
export const paystackWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: replaces the app's JSON parser for this plugin's routes only (same body limit).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    PAYSTACK_WEBHOOK_PATH,
    {
      schema: { response: { 200: ZPaymentWebhookResponse } },
      config: { rateLimit: rateLimitFor(app.config, 'paymentWebhook') },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-paystack-signature'];
      const signature = typeof header === 'string' ? header : undefined;
      if (!app.paymentProvider.verifyWebhookSignature(raw, signature)) {
        // Never the body: a forged one is noise, a real one may carry a customer's details.
        request.log.warn({ bytes: raw.length, signed: signature !== undefined, provider: app.paymentProvider.name }, 'payment webhook refused: missing or wrong signature');
        webhooksTotal.inc({ provider: app.paymentProvider.name, outcome: 'rejected' });
        throw new UnauthorizedError(msg`The webhook signature is missing or not valid.`);
      }
      const parsed = parseProviderEvent(raw);
      if (!parsed) {
        webhooksTotal.inc({ provider: app.paymentProvider.name, outcome: 'rejected' });
        throw new InvalidError(msg`The webhook body is not a payment event.`);
      }
      const { row, duplicate } = await recordProviderEvent(app.db, app.paymentProvider.name, parsed, raw);
      webhooksTotal.inc({ provider: app.paymentProvider.name, outcome: 'accepted' });
      if (duplicate) request.log.info({ event: parsed.event, reference: row?.reference ?? null }, 'payment webhook replayed; stored once, acted on once');
      else if (row) app.paymentEventQueue.later(row.id);
      return { received: true as const };
    },
  );
};
