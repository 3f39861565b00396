import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStandingCycleParams, ZStandingOrderCycle } from '@pulse/contract/standing-orders';
import { requireUser } from '../../plugins/auth';
import { confirmHeldCycle } from './standing-cycle-engine';

/**
 * The buyer's yes to a weekly basket cycle held for its price (decision 064): today's prices become
 * the accepted ones and the cycle is ordered at once, in the engine's own transaction on the cycle's
 * row. Past the cut-off, or not held: 409. Another buyer's ids: 404.
 */
export const standingCycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/standing-orders/:id/cycles/:cycleId/confirm',
    { schema: { params: ZStandingCycleParams, response: { 200: ZStandingOrderCycle } }, preValidation: [app.authenticate] },
    async (request) => confirmHeldCycle(app, requireUser(request).id, request.params.id, request.params.cycleId, new Date(), request.i18n),
  );
};
