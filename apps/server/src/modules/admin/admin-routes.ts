import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminApplicationDetail,
  ZAdminApplicationListQuery,
  ZAdminApplicationListResponse,
  ZAdminUser,
  ZAdminUserListQuery,
  ZAdminUserListResponse,
  ZAuditLogQuery,
  ZAuditLogResponse,
  ZGetAdminOverviewResponse,
  ZRejectApplicationInput,
  ZSuspendUserInput,
} from '@pulse/contract/admin';
import { ZIdParams } from '@pulse/contract/ids';
import { requireUser } from '../../plugins/auth';
import { adminReportsRoutes } from './admin-reports-routes';
import { approveApplication, getApplicationDetail, listApplications, rejectApplication } from './admin-applications-service';
import { assertAdmin, getAdminOverview } from './admin-service';
import { listUsers, suspendUser, unsuspendUser } from './admin-users-service';
import { getAuditLog } from './audit-log';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/overview', { schema: { response: { 200: ZGetAdminOverviewResponse } }, preHandler: app.authenticate }, async (request) =>
    getAdminOverview(app.db, requireUser(request)),
  );

  // Before validation, so a visitor gets 401 and a non-admin 403 whatever they sent.
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/admin/applications',
    { schema: { querystring: ZAdminApplicationListQuery, response: { 200: ZAdminApplicationListResponse } }, preValidation: adminOnly },
    async (request) => listApplications(app.db, request.query),
  );

  app.get(
    '/api/admin/applications/:id',
    { schema: { params: ZIdParams, response: { 200: ZAdminApplicationDetail } }, preValidation: adminOnly },
    async (request) => getApplicationDetail(app.db, request.params.id),
  );

  app.post(
    '/api/admin/applications/:id/approve',
    { schema: { params: ZIdParams, response: { 200: ZAdminApplicationDetail } }, preValidation: adminOnly },
    async (request) => approveApplication(app, requireUser(request), request.params.id),
  );

  app.post(
    '/api/admin/applications/:id/reject',
    { schema: { params: ZIdParams, body: ZRejectApplicationInput, response: { 200: ZAdminApplicationDetail } }, preValidation: adminOnly },
    async (request) => rejectApplication(app, requireUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/users',
    { schema: { querystring: ZAdminUserListQuery, response: { 200: ZAdminUserListResponse } }, preValidation: adminOnly },
    async (request) => listUsers(app.db, request.query),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: ZIdParams, body: ZSuspendUserInput, response: { 200: ZAdminUser } }, preValidation: adminOnly },
    async (request) => suspendUser(app, requireUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    { schema: { params: ZIdParams, response: { 200: ZAdminUser } }, preValidation: adminOnly },
    async (request) => unsuspendUser(app, requireUser(request), request.params.id),
  );

  app.get(
    '/api/admin/audit-log',
    { schema: { querystring: ZAuditLogQuery, response: { 200: ZAuditLogResponse } }, preValidation: adminOnly },
    async (request) => getAuditLog(app.db, request.query),
  );

  await app.register(adminReportsRoutes);
};
