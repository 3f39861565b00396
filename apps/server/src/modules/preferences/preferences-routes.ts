import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZNotificationPreferencesResponse,
  ZUnsubscribeQuery,
  ZUnsubscribeResponse,
  ZUpdateNotificationPreferencesRequest,
  type TUnsubscribeResponse,
} from '@pulse/contract/notification-preferences';
import type { Db } from '../../db/client';
import { InvalidError } from '../../errors/domain-errors';
import { requireUser } from '../../plugins/auth';
import { findUserById } from '../auth/users-repository';
import { channelsFor, getNotificationPreferences, setChoice, updateNotificationPreferences } from './preferences-service';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export const INVALID_UNSUBSCRIBE_LINK_MESSAGE = contractMessage(
  msg`This unsubscribe link is not valid. Sign in and choose your e-mails under Account > Notifications.`,
);

/** The preferences body: at most 24 small changes. */
const PREFERENCES_BODY_LIMIT_BYTES = 4096;
/** RFC 8058's body is `List-Unsubscribe=One-Click`; nothing bigger is read. */
const UNSUBSCRIBE_BODY_LIMIT_BYTES = 1024;

async function readToken(db: Db, jwtSecret: string, token: string): Promise<{ userId: string; category: TUnsubscribeResponse['category'] }> {
  const signed = verifyUnsubscribeToken(jwtSecret, token);
  // A deleted account's link is as void as a forged one.
  if (!signed || !(await findUserById(db, signed.userId))) {
    throw new InvalidError(INVALID_UNSUBSCRIBE_LINK_MESSAGE, { token: INVALID_UNSUBSCRIBE_LINK_MESSAGE });
  }
  return signed;
}

/**
 * Notification preferences and one-click unsubscribe (issue 25, decision 055). The preferences are
 * the caller's own; the unsubscribe routes take no session: the signed token in the link is the
 * authority, and it can only turn e-mail off for the one user and category it was signed for.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/notification-preferences',
    { schema: { response: { 200: ZNotificationPreferencesResponse } }, onRequest: app.authenticate },
    async (request) => getNotificationPreferences(app.db, requireUser(request).id),
  );

  app.put(
    '/api/account/notification-preferences',
    {
      schema: { body: ZUpdateNotificationPreferencesRequest, response: { 200: ZNotificationPreferencesResponse } },
      bodyLimit: PREFERENCES_BODY_LIMIT_BYTES,
      preValidation: app.authenticate,
    },
    async (request) => updateNotificationPreferences(app.db, requireUser(request).id, request.body.changes),
  );

  const unsubscribeRoutes: FastifyPluginAsyncZod = async (scope) => {
    // Mail apps post `List-Unsubscribe=One-Click` form-encoded (RFC 8058); the token is in the URL,
    // so the body is read and ignored.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

    /** What the link would turn off; changes nothing (mail scanners follow links). */
    scope.get('/api/mail/unsubscribe', { schema: { querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeResponse } } }, async (request) => {
      const { userId, category } = await readToken(app.db, app.jwtSecret, request.query.token);
      return { category, email: (await channelsFor(app.db, userId, category)).email };
    });

    /** One click: e-mail off for the token's user and category only, without signing in. */
    scope.post(
      '/api/mail/unsubscribe',
      { schema: { querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeResponse } }, bodyLimit: UNSUBSCRIBE_BODY_LIMIT_BYTES },
      async (request) => {
        const { userId, category } = await readToken(app.db, app.jwtSecret, request.query.token);
        await setChoice(app.db, userId, { category, channel: 'email', enabled: false });
        request.log.info({ userId, category }, 'Unsubscribed from e-mail by link');
        return { category, email: false };
      },
    );
  };
  await app.register(unsubscribeRoutes);
};
