import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminReport, ZAdminReportListQuery, ZAdminReportListResponse, ZReportDecisionInput } from '@pulse/contract/hub';
import { ZIdParams } from '@pulse/contract/ids';
import { requireUser } from '../../plugins/auth';
import { decideReport, listReports } from './admin-reports-service';
import { assertAdmin } from './admin-service';

/** The Pulse Hub reports queue and its decisions (decision 022); admins only, refused before validation. */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/admin/reports',
    { schema: { querystring: ZAdminReportListQuery, response: { 200: ZAdminReportListResponse } }, preValidation: adminOnly },
    async (request) => listReports(app.db, request.query),
  );

  app.post(
    '/api/admin/reports/:id/decision',
    { schema: { params: ZIdParams, body: ZReportDecisionInput, response: { 200: ZAdminReport } }, preValidation: adminOnly },
    async (request) => decideReport(app, requireUser(request), request.params.id, request.body),
  );
};
