import { msg } from '@lingui/core/runtime-macro';
import { count, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@pulse/contract/ids';
import { ZAdminMail, ZAdminMailQuery, ZAdminMailResponse, type TAdminMail } from '@pulse/contract/mail';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox';
import { NotFoundError } from '../../errors/domain-errors';
import { requireUser } from '../../plugins/auth';
import { assertAdmin } from '../admin/admin-service';
import { listOutbox, requeueMail } from './mail-outbox';

function adminMailJson(row: MailOutboxRow): TAdminMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

/** The outbox for admins (issue 25): failed and waiting mails, and "Retry". Admins only, refused before validation. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get(
    '/api/admin/mail',
    { schema: { querystring: ZAdminMailQuery, response: { 200: ZAdminMailResponse } }, preValidation: adminOnly },
    async (request) => {
      const [rows, counts] = await Promise.all([
        listOutbox(app.db, request.query.status, request.query.limit),
        app.db.select({ status: mailOutbox.status, value: count() }).from(mailOutbox).where(inArray(mailOutbox.status, ['failed', 'queued'])).groupBy(mailOutbox.status),
      ]);
      const countOf = (status: string) => counts.find((row) => row.status === status)?.value ?? 0;
      return { items: rows.map(adminMailJson), counts: { failed: countOf('failed'), queued: countOf('queued') } };
    },
  );

  app.post(
    '/api/admin/mail/:id/retry',
    { schema: { params: ZIdParams, response: { 200: ZAdminMail } }, preValidation: adminOnly },
    async (request) => {
      const row = await requeueMail(app.db, request.params.id, new Date());
      if (!row) throw new NotFoundError(msg`No mail waiting or failed has this id.`);
      app.mailOutbox.wake();
      return adminMailJson(row);
    },
  );
};
