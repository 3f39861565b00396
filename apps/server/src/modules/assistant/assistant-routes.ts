import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAssistantAskRequest,
  ZAssistantClearResponse,
  ZAssistantConversation,
  type TAssistantStreamEvent,
} from '@pulse/contract/assistant';
import { RateLimitedError } from '../../errors/domain-errors';
import { requireUser } from '../../plugins/auth';
import { askAssistant, clearConversation, getConversation } from './assistant-service';
import { loadGazetteer, warmUpUnderstanding } from './nlu/understand';

/** Questions per minute: per signed-in user, and per IP address (visitors and everyone behind it). */
export const ASSISTANT_USER_REQUESTS_PER_MINUTE = 20;
export const ASSISTANT_IP_REQUESTS_PER_MINUTE = 40;
export const ASSISTANT_RATE_LIMITED_MESSAGE = 'You are asking very quickly. Please wait a minute, then ask again.';

/** Throws the API's 429 when this request goes past `limit`'s count (the counter is the app's: Redis when configured). */
async function enforce(limit: (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>, request: FastifyRequest) {
  const outcome = await limit(request);
  if (!outcome.isAllowed && outcome.isExceeded) throw new RateLimitedError(ASSISTANT_RATE_LIMITED_MESSAGE, Math.max(1, outcome.ttlInSeconds ?? 60));
}

/**
 * The Pulse Assistant (issue 14): POST /api/assistant/messages for everyone (a visitor, a stale or
 * a suspended token are all answered as a visitor, as on other optional-auth routes), the answer
 * streamed as NDJSON; the signed-in user's kept conversation with GET and DELETE.
 */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  // A listening server loads the NLU model, trains the intent classifier and reads the gazetteer
  // now, so the first question is not the slow one (~0.5 s). API tests (inject) never listen.
  app.addHook('onListen', async () => {
    setImmediate(() => {
      try {
        warmUpUnderstanding();
      } catch (error) {
        app.log.warn({ err: error }, 'Assistant warm-up failed');
      }
      loadGazetteer(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'Assistant gazetteer failed to load'));
    });
  });

  // Two counters on one route (the plugin's route option allows only one): per IP before the body
  // is read, then per signed-in user once the token is known.
  const perIp = app.createRateLimit({ max: ASSISTANT_IP_REQUESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `assistant-ip:${request.ip}` });
  const perUser = app.createRateLimit({
    max: ASSISTANT_USER_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `assistant-user:${request.user?.id ?? ''}`,
    allowList: (request) => request.user === null,
  });

  app.post(
    '/api/assistant/messages',
    {
      schema: { body: ZAssistantAskRequest },
      // NDJSON is never compressed (only application/json is), and this says so outright: a
      // compressor would hold the words back until its buffer fills.
      compress: false,
      onRequest: async (request) => enforce(perIp, request),
      preHandler: [app.identify, async (request) => enforce(perUser, request)],
    },
    async (request, reply) => {
      const stream = new PassThrough();
      let closed = false;
      reply.raw.on('close', () => {
        closed = true;
      });
      const write = (event: TAssistantStreamEvent) => {
        if (closed || stream.destroyed) return;
        stream.write(`${JSON.stringify(event)}\n`);
      };
      void askAssistant(app, request.user, request.body, write, { isClosed: () => closed || stream.destroyed }).finally(() => {
        if (!stream.destroyed) stream.end();
      });
      return reply
        .code(200)
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );

  app.get(
    '/api/assistant/conversation',
    { schema: { response: { 200: ZAssistantConversation } }, onRequest: app.authenticate },
    async (request) => getConversation(app, requireUser(request)),
  );

  app.delete(
    '/api/assistant/conversation',
    { schema: { response: { 200: ZAssistantClearResponse } }, onRequest: app.authenticate },
    async (request) => {
      await clearConversation(app, requireUser(request));
      return { ok: true as const };
    },
  );
};
