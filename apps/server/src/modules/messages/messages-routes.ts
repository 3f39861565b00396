import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUnreadCountResponse } from '@pulse/contract/counts';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZConversationParams,
  ZCreateConversationRequest,
  ZCreateConversationResponse,
  ZGetConversationResponse,
  ZListConversationsQuery,
  ZListConversationsResponse,
  ZListMessagesQuery,
  ZListMessagesResponse,
  ZMarkConversationReadResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
} from '@pulse/contract/messages';
import {
  getConversation,
  getUnreadMessageCount,
  listConversations,
  listMessages,
  parseIdempotencyKey,
  readConversation,
  sendMessage,
  startConversation,
} from './messages-service';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';

/** Conversations and messages; every route needs a signed-in user and only members see a conversation. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/messages/unread/count',
    { schema: { response: { 200: ZUnreadCountResponse } }, preHandler: app.authenticate },
    async (request) => getUnreadMessageCount(app.db, requireUser(request).id),
  );

  app.post(
    '/api/conversations',
    { schema: { body: ZCreateConversationRequest, response: { 200: ZCreateConversationResponse, 201: ZCreateConversationResponse } }, preValidation: app.authenticate },
    async (request, reply) => {
      const { conversation, created } = await startConversation(app.db, requireUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/conversations',
    { schema: { querystring: ZListConversationsQuery, response: { 200: ZListConversationsResponse } }, preValidation: app.authenticate },
    async (request) => listConversations(app.db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/conversations/:id',
    { schema: { params: ZConversationParams, response: { 200: ZGetConversationResponse } }, preHandler: app.authenticate },
    async (request) => getConversation(app.db, requireUser(request).id, request.params.id.toLowerCase()),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: { params: ZConversationParams, querystring: ZListMessagesQuery, response: { 200: ZListMessagesResponse } },
      preValidation: app.authenticate,
    },
    async (request) => listMessages(app.db, requireUser(request).id, request.params.id.toLowerCase(), request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: { params: ZConversationParams, body: ZSendMessageRequest, response: { 200: ZSendMessageResponse, 201: ZSendMessageResponse } },
      preValidation: app.authenticate,
      config: { rateLimit: rateLimitFor(app.config, 'message') },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const idempotencyKey = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const { message, created } = await sendMessage(app, user, request.params.id.toLowerCase(), request.body, idempotencyKey);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    { schema: { params: ZConversationParams, response: { 200: ZMarkConversationReadResponse } }, preHandler: app.authenticate },
    async (request) => readConversation(app, requireUser(request).id, request.params.id.toLowerCase()),
  );
};
