import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetAdminOverviewResponse } from '@pulse/contract/admin';
import { requireUser } from '../../plugins/auth';
import { getAdminOverview } from './admin-service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/overview', { schema: { response: { 200: ZGetAdminOverviewResponse } }, preHandler: app.authenticate }, async (request) =>
    getAdminOverview(app.db, requireUser(request)),
  );
};
