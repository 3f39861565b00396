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
import { recordAdminAction } from '../admin/audit-log';
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
    async (request, reply) => {
      const admin = requireUser(request);
      // The popup and its audit row commit together.
      const popup = await app.db.transaction(async (tx) => {
        const created = await createPopup(tx, admin, request.body);
        await recordAdminAction(tx, { adminUserId: admin.id, action: 'popup.create', targetType: 'popup', targetId: created.id, details: { title: created.title } });
        return created;
      });
      return reply.code(201).send(popup);
    },
  );

  app.patch(
    '/api/admin/popups/:id',
    { schema: { params: ZIdParams, body: ZUpdatePopupRequest, response: { 200: ZAdminPopup } }, preValidation: adminOnly },
    async (request) => {
      const admin = requireUser(request);
      return app.db.transaction(async (tx) => {
        const updated = await editPopup(tx, admin, request.params.id, request.body);
        await recordAdminAction(tx, {
          adminUserId: admin.id,
          action: 'popup.update',
          targetType: 'popup',
          targetId: updated.id,
          details: { title: updated.title, changed: Object.keys(request.body) },
        });
        return updated;
      });
    },
  );

  app.delete('/api/admin/popups/:id', { schema: { params: ZIdParams }, preValidation: adminOnly }, async (request, reply) => {
    const admin = requireUser(request);
    await app.db.transaction(async (tx) => {
      await removePopup(tx, admin, request.params.id);
      await recordAdminAction(tx, { adminUserId: admin.id, action: 'popup.delete', targetType: 'popup', targetId: request.params.id });
    });
    return reply.code(204).send();
  });
};
