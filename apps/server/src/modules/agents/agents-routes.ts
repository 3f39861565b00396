import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTimezoneQuery } from '@pulse/contract/wallet';
import {
  ZAgentApplicationInput,
  ZGetAgentParams,
  ZGetAgentResponse,
  ZGetAgentWalletResponse,
  ZGetMyAgentApplicationResponse,
  ZSubmitAgentApplicationResponse,
} from '@pulse/contract/agents';
import { requireUser } from '../../plugins/auth';
import { requireVerifiedEmail } from '../auth/email-verification-service';
import { getAgentWallet } from './agent-wallet-service';
import { assertApprovedAgent, getAgentStatus, getMyAgentApplication, submitAgentApplication } from './agents-service';

export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/agents/applications',
    // An unconfirmed address may browse and buy, not apply (decision 053).
    { schema: { body: ZAgentApplicationInput, response: { 201: ZSubmitAgentApplicationResponse } }, preValidation: [app.authenticate, requireVerifiedEmail] },
    async (request, reply) => reply.code(201).send(await submitAgentApplication(app, requireUser(request), request.body)),
  );

  // Static before /api/agents/:userId.
  app.get(
    '/api/agents/me/application',
    { schema: { response: { 200: ZGetMyAgentApplicationResponse } }, preValidation: app.authenticate },
    async (request) => getMyAgentApplication(app.db, requireUser(request)),
  );

  app.get(
    '/api/agents/:userId',
    { schema: { params: ZGetAgentParams, response: { 200: ZGetAgentResponse } }, preValidation: app.authenticate },
    async (request) => getAgentStatus(app.db, requireUser(request), request.params.userId),
  );

  // Approved agents: 401, then 403, before the query is read.
  const agentOnly = [app.authenticate, async (request: FastifyRequest) => void (await assertApprovedAgent(app.db, requireUser(request)))];
  app.get(
    '/api/agent/wallet',
    { schema: { querystring: ZTimezoneQuery, response: { 200: ZGetAgentWalletResponse } }, preValidation: agentOnly },
    async (request) => getAgentWallet(app, requireUser(request).id, request.query.tzOffsetMinutes),
  );
};
