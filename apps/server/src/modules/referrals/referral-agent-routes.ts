import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReferralEarningsResponse, ZReferralListQuery, ZReferralSummary, ZReferralSummaryQuery, ZReferredPeopleResponse } from '@pulse/contract/referrals';
import type { AgentRow } from '../../db/schema/agents';
import { requireUser } from '../../plugins/auth';
import { assertReferralAgent, getReferralSummary, listMyReferralEarnings, listMyReferredPeople } from './referral-agent-service';

/** The referral agent's own pages (issue 13): summary and funnel, the people it referred, its earnings. */
export const referralAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Approved referral agents: 401, then 403, before the query is read.
  const agentOf = new WeakMap<FastifyRequest, AgentRow>();
  const referralAgentOnly = [
    app.authenticate,
    async (request: FastifyRequest) => void agentOf.set(request, await assertReferralAgent(app.db, requireUser(request))),
  ];
  const agent = (request: FastifyRequest): AgentRow => {
    const row = agentOf.get(request);
    if (!row) throw new Error('referral agent check did not run');
    return row;
  };

  app.get(
    '/api/referrals/me',
    { schema: { querystring: ZReferralSummaryQuery, response: { 200: ZReferralSummary } }, preValidation: referralAgentOnly },
    async (request) => getReferralSummary(app.db, app.config, agent(request), request.query.offsetMinutes),
  );

  app.get(
    '/api/referrals/me/people',
    { schema: { querystring: ZReferralListQuery, response: { 200: ZReferredPeopleResponse } }, preValidation: referralAgentOnly },
    async (request) => listMyReferredPeople(app.db, agent(request), request.query),
  );

  app.get(
    '/api/referrals/me/earnings',
    { schema: { querystring: ZReferralListQuery, response: { 200: ZReferralEarningsResponse } }, preValidation: referralAgentOnly },
    async (request) => listMyReferralEarnings(app.db, agent(request), request.query),
  );
};
