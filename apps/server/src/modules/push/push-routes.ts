import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDeletePushSubscriptionBody,
  ZPushPublicKeyResponse,
  ZPushSubscription,
  ZSavePushSubscriptionBody,
} from '@pulse/contract/push';
import { removePushSubscription, savePushSubscription, sendPushToUser, type PushSender } from './push-service';
import { buildVapidSubject } from './push-urls';
import { resolveVapidKeys } from './resolve-vapid-keys';
import { requireUser } from '../../plugins/auth';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const vapidKeys = await resolveVapidKeys(app.db);
  const sender: PushSender = { db: app.db, vapidKeys, vapidSubject: app.config.vapidSubject ?? buildVapidSubject(app.config.publicUrl), log: app.log };

  // Pushes run after the response; closing waits for them so none writes to a closed database.
  const inFlight = new Set<Promise<void>>();
  app.notificationListeners.add((userId, notification) => {
    const delivery = sendPushToUser(sender, userId, notification)
      .then((report) => {
        if (report.delivered + report.removed + report.failed > 0) app.log.debug({ userId, ...report }, 'Web push sent');
      })
      .catch((error: unknown) => app.log.error({ err: error, userId }, 'Web push delivery failed'))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  app.get('/api/push/public-key', { schema: { response: { 200: ZPushPublicKeyResponse } } }, async () => ({
    publicKey: vapidKeys.publicKey,
  }));

  app.post(
    '/api/push/subscriptions',
    { schema: { body: ZSavePushSubscriptionBody, response: { 201: ZPushSubscription } }, preValidation: app.authenticate },
    async (request, reply) => {
      const saved = await savePushSubscription(app.db, app.config.publicUrl, requireUser(request).id, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { body: ZDeletePushSubscriptionBody }, preValidation: app.authenticate },
    async (request, reply) => {
      await removePushSubscription(app.db, requireUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );
};
