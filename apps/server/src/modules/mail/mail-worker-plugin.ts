import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailOutboxRow } from '../../db/schema/mail-outbox';
import { mailsTotal } from '../../lib/metrics';
import { renderMailAttachment, type MailAttachmentFile } from './mail-attachments';
import { claimDueMails, markMailAttemptFailed, markMailSent } from './mail-outbox';
import { createMailSender, type MailSender } from './mail-transport';
import { DIGEST_SWEEP_MS, sendMessageDigests } from './message-digest';

/** The worker looks for due mails this often; a new mail wakes it at once after its commit. */
export const MAIL_POLL_MS = 5_000;
const BATCH = 10;

export interface MailOutboxHandle {
  /** After the transaction that queued a mail committed: send now rather than at the next poll. */
  wake(): void;
  /** Sends every due mail once (tests call it with MAIL_WORKER=off, with their own "now"). */
  sendDue(now?: Date): Promise<{ sent: number; failed: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutboxHandle;
  }
}

/**
 * The file a row names, rendered now; null (logged) when it cannot be: the mail still goes, without
 * it (a receipt mail must not be lost for its PDF; the buyer can download the receipt from the order).
 */
async function attachmentOf(app: FastifyInstance, row: MailOutboxRow): Promise<MailAttachmentFile[]> {
  if (!row.attachment) return [];
  try {
    return [await renderMailAttachment(app, row.attachment)];
  } catch (error) {
    app.log.error({ mailId: row.id, kind: row.kind, attachment: row.attachment, err: error }, 'Mail attachment not rendered; sending the mail without it');
    return [];
  }
}

async function sendDueMails(app: FastifyInstance, sender: MailSender, now: () => Date): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const rows = await claimDueMails(app.db, now(), BATCH, app.config.mail.claimSeconds * 1000);
    if (rows.length === 0) return { sent, failed };
    for (const row of rows) {
      const attachments = await attachmentOf(app, row);
      try {
        await sender.send({ id: row.id, to: row.toAddress, subject: row.subject, html: row.html, text: row.text, links: row.links, unsubscribeUrl: row.unsubscribeUrl, attachments });
      } catch (error) {
        failed += 1;
        const reason = error instanceof Error ? error.message : String(error);
        const status = await markMailAttemptFailed(app.db, row, reason, now());
        mailsTotal.inc({ outcome: status === 'failed' ? 'failed' : 'retried' });
        app.log[status === 'failed' ? 'error' : 'warn']({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, status === 'failed' ? 'Mail failed after its last try' : 'Mail not sent; will retry');
        continue;
      }
      // After the server's 250: a crash exactly here sends this mail once more (decision 050).
      await markMailSent(app.db, row.id, now());
      mailsTotal.inc({ outcome: 'sent' });
      sent += 1;
    }
  }
}

/**
 * The outbox worker, a queue of the job system (issue 25, decision 068): a sweep every MAIL_POLL_MS
 * (one job per period across processes) and one more at once on wake(); the daily message digest
 * is a second queue. Safe with several processes (rows claimed with FOR UPDATE SKIP LOCKED). A
 * process with MAIL_WORKER=off runs neither queue (its new mails wait for a worker process's next
 * sweep); `sendDue` still works. Each mail's own tries and failed state stay in the outbox table:
 * the job is the sweep.
 */
export const mailWorkerPlugin = fp(
  async (app) => {
    const sender = createMailSender(app.config, app.log);
    const sendDue = (now?: Date) => sendDueMails(app, sender, () => now ?? new Date());
    app.decorate('mailOutbox', {
      wake() {
        if (!app.config.mail.worker) return;
        void app.jobs.send('mail-outbox', {}, { singletonKey: 'sweep' });
      },
      sendDue,
    } satisfies MailOutboxHandle);

    if (app.config.mail.worker) {
      app.jobs.define({
        queue: 'mail-outbox',
        everyMs: MAIL_POLL_MS,
        runAtStart: true,
        async run() {
          await sendDue();
        },
      });
      // The daily digest of unread messages: a pass every DIGEST_SWEEP_MS, each person claimed once a day (message-digest.ts).
      app.jobs.define({
        queue: 'message-digests',
        everyMs: DIGEST_SWEEP_MS,
        async run() {
          await sendMessageDigests(app);
        },
      });
    }
    app.addHook('onClose', async () => {
      // A mail job still running at close finishes (up to the grace) before its sender goes.
      await app.jobs.stop(app.config.ops.shutdownGraceSeconds * 1000);
      await sender.close();
    });
  },
  { name: 'mail-worker', dependencies: ['app-context', 'jobs'] },
);
