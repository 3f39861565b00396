import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminPaymentsQuery, ZAdminPaymentsResponse } from '@pulse/contract/payments';
import { requireUser } from '../../plugins/auth';
import { listPaymentsForAdmin } from './admin-payments-service';
import { assertAdmin } from './admin-service';

/** Payment reconciliation for admins (issue 24): provider payments and transfers against the ledger. Admins only, refused before validation. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/admin/payments',
    { schema: { querystring: ZAdminPaymentsQuery, response: { 200: ZAdminPaymentsResponse } }, preValidation: adminOnly },
    async (request) => listPaymentsForAdmin(app.db, request.query),
  );
};
