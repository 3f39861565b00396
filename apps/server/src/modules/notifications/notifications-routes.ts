import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUnreadCountResponse } from '@pulse/contract/counts';
import { ZIdParams } from '@pulse/contract/ids';
import {
  ZListNotificationsQuery,
  ZListNotificationsResponse,
  ZMarkNotificationReadResponse,
  ZReadAllNotificationsQuery,
  ZReadAllNotificationsResponse,
} from '@pulse/contract/notifications';
import { requireUser } from '../../plugins/auth';
import { getUnreadNotificationCount, listNotifications, markAllRead, markNotificationRead } from './notifications-service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const countOptions = { schema: { response: { 200: ZUnreadCountResponse } }, preHandler: app.authenticate };

  app.get('/api/notifications/unread-count', countOptions, async (request) =>
    getUnreadNotificationCount(app.db, requireUser(request).id, 'marketplace'),
  );

  app.get('/api/notifications/pulse-hub/unread-count', countOptions, async (request) =>
    getUnreadNotificationCount(app.db, requireUser(request).id, 'pulse_hub'),
  );

  // Authenticated before validation: an anonymous caller gets 401, never a hint about the query rules.
  app.get(
    '/api/notifications',
    { schema: { querystring: ZListNotificationsQuery, response: { 200: ZListNotificationsResponse } }, preValidation: app.authenticate },
    async (request) => listNotifications(app.db, requireUser(request).id, request.query),
  );

  app.put(
    '/api/notifications/read-all',
    { schema: { querystring: ZReadAllNotificationsQuery, response: { 200: ZReadAllNotificationsResponse } }, preValidation: app.authenticate },
    async (request) => markAllRead(app, requireUser(request).id, request.query.source),
  );

  app.put(
    '/api/notifications/:id/read',
    { schema: { params: ZIdParams, response: { 200: ZMarkNotificationReadResponse } }, preValidation: app.authenticate },
    async (request) => markNotificationRead(app, requireUser(request).id, request.params.id),
  );
};
