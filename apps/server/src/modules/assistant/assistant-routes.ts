import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAssistantAskRequest,
  ZAssistantClearResponse,
  ZAssistantConversation,
  type TAssistantStreamEvent,
} from '@pulse/contract/assistant';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { askAssistant, clearConversation, getConversation } from './assistant-service';
import { loadGazetteer, warmUpUnderstanding } from './nlu/understand';

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

  app.post(
    '/api/assistant/messages',
    {
      schema: { body: ZAssistantAskRequest },
      // NDJSON is never compressed (only application/json is), and this says so outright: a
      // compressor would hold the words back until its buffer fills.
      compress: false,
      preHandler: app.identify,
      // Counted after `identify`: per signed-in user, or per IP for visitors (decision 027).
      config: { rateLimit: rateLimitFor(app.config, 'assistant') },
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
      void askAssistant(app, request.user, request.body, write, { isClosed: () => closed || stream.destroyed, i18n: request.i18n }).finally(() => {
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
