import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateReportInput, ZCreateReportResponse } from '@pulse/contract/hub';
import { requireUser } from '../../plugins/auth';
import { createReport } from './hub-reports-service';

/** Reporting a post or comment (decision 022); the admin queue is under /api/admin/reports. */
export const hubReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/hub/reports',
    { schema: { body: ZCreateReportInput, response: { 201: ZCreateReportResponse } }, preValidation: app.authenticate },
    async (request, reply) => reply.code(201).send(await createReport(app, requireUser(request), request.body)),
  );
};
