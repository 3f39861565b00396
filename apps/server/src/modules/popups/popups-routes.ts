import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@pulse/contract/ids';
import {
  ZAdminPopup,
  ZCreatePopupRequest,
  ZGetActivePopupsResponse,
  ZListAdminPopupsResponse,
  ZUpdatePopupRequest,
} from '@pulse/contract/popups';
import { requireUser } from '../../plugins/auth';
import { assertPopupAdmin, createPopup, editPopup, getActivePopups, listPopupsForAdmin, removePopup } from './popups-service';

export const popupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/popups/active', { schema: { response: { 200: ZGetActivePopupsResponse } }, preHandler: app.identify }, async (request) =>
    getActivePopups(app.db, request.user !== null),
  );

  // Before validation, so a non-admin learns nothing about the body's rules (401/403 come first).
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertPopupAdmin(requireUser(request))];

  app.get('/api/admin/popups', { schema: { response: { 200: ZListAdminPopupsResponse } }, preValidation: adminOnly }, async (request) =>
    listPopupsForAdmin(app.db, requireUser(request)),
  );

  app.post(
    '/api/admin/popups',
    { schema: { body: ZCreatePopupRequest, response: { 201: ZAdminPopup } }, preValidation: adminOnly },
    async (request, reply) => reply.code(201).send(await createPopup(app.db, requireUser(request), request.body)),
  );

  app.patch(
    '/api/admin/popups/:id',
    { schema: { params: ZIdParams, body: ZUpdatePopupRequest, response: { 200: ZAdminPopup } }, preValidation: adminOnly },
    async (request) => editPopup(app.db, requireUser(request), request.params.id, request.body),
  );

  app.delete('/api/admin/popups/:id', { schema: { params: ZIdParams }, preValidation: adminOnly }, async (request, reply) => {
    await removePopup(app.db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
};
