import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TAlwaysSentMail, TMailCategory } from '@pulse/contract/notification-preferences';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox, type MailOutboxRow, type MailStatus } from '../../db/schema/mail-outbox';
import { channelsFor } from '../preferences/preferences-service';
import { resolveJwtSecret } from '../settings/resolve-jwt-secret';
import { unsubscribeLabel } from '../preferences/unsubscribe-label';
import { oneClickUnsubscribeUrl, unsubscribePageUrl, type UnsubscribeSigner } from '../preferences/unsubscribe-token';
import type { MailContent } from './mail-layout';
import { renderMail } from './mail-render';

/** Tries per mail before it is marked failed and shown to admins. */
export const MAIL_MAX_ATTEMPTS = 6;
/** Wait after the n-th failed try (1 min, 5 min, 15 min, 1 h, 4 h): about 5 hours in all. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 4 * 3_600_000];
/**
 * How long a worker's claim on a row lasts by default (MAIL_CLAIM_SECONDS): far longer than an SMTP
 * exchange (3 x SMTP_TIMEOUT_MS), so a slow but living sender is never overtaken; a crashed one's
 * rows come back after it. Shorter only in tests of that crash (scale/mail-crash.scale.test.ts).
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

export interface QueuedMail {
  /** What happened (password_reset, order_placed, ...): one template per kind. */
  kind: string;
  /**
   * For preferences and one-click unsubscribe: a category the person may turn off for e-mail, or
   * 'receipt' / 'security', which are always sent without an unsubscribe link.
   */
  category: TMailCategory;
  to: string;
  userId?: string | null;
  content: MailContent;
  /** What to attach, rendered at send time (mail-attachments.ts: `mailAttachmentName`). */
  attachment?: string | null;
}

/**
 * What signs a mail's unsubscribe links: the app (`app`: its config and the JWT secret it resolved
 * at start), or, inside a domain event's transaction, only the config (`{ config: ctx.config }`):
 * the secret is then JWT_SECRET or the one kept in the database, read in the transaction.
 */
export interface MailSigning {
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  jwtSecret?: string;
}


function isAlwaysSent(category: TMailCategory): category is TAlwaysSentMail {
  return category === 'receipt' || category === 'security';
}

/**
 * Writes a mail to the outbox in the caller's transaction: it is sent if and only if the change
 * that caused it commits. Call `app.mailOutbox.wake()` after the commit to send it at once.
 *
 * Receipts and security mail are always queued, with no unsubscribe link. Any other category, sent
 * to a user, follows their choice (decision 055): e-mail turned off for the category queues nothing
 * (null); otherwise the row carries a signed one-click unsubscribe address (List-Unsubscribe) and
 * the content a link to the unsubscribe page. `signer` (the app) signs those links.
 */
export async function queueMail(tx: Db, mail: QueuedMail & { category: TAlwaysSentMail }): Promise<string>;
export async function queueMail(tx: Db, mail: QueuedMail, signing: MailSigning): Promise<string | null>;
export async function queueMail(tx: Db, mail: QueuedMail, signing?: MailSigning): Promise<string | null> {
  let content: MailContent = mail.content;
  let unsubscribeUrl: string | null = null;
  if (!isAlwaysSent(mail.category) && mail.userId) {
    const channels = await channelsFor(tx, mail.userId, mail.category);
    if (!channels.email) return null;
    if (signing) {
      const signer: UnsubscribeSigner = { config: signing.config, jwtSecret: signing.jwtSecret ?? (await resolveJwtSecret(signing.config, tx)) };
      unsubscribeUrl = oneClickUnsubscribeUrl(signer, mail.userId, mail.category);
      content = {
        ...mail.content,
        unsubscribe: { label: unsubscribeLabel(mail.content.language, mail.category), url: unsubscribePageUrl(signer, mail.userId, mail.category) },
      };
    }
  }
  const rendered = await renderMail(content);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      userId: mail.userId ?? null,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      links: rendered.links,
      unsubscribeUrl,
      attachment: mail.attachment ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('Insert into mail_outbox returned no row');
  return row.id;
}

/**
 * Takes up to `limit` due mails for this worker: FOR UPDATE SKIP LOCKED, so two processes never
 * take the same row, and the claim moves `next_attempt_at` forward by `claimMs` and counts the
 * attempt in the same statement (nothing is held open while the SMTP server answers).
 */
export async function claimDueMails(db: Db, now: Date, limit: number, claimMs = MAIL_CLAIM_MS): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

/** A failed try: back off, or give up after MAIL_MAX_ATTEMPTS. Returns the new status. */
export async function markMailAttemptFailed(db: Db, row: MailOutboxRow, error: string, now: Date): Promise<MailStatus> {
  const giveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
  const delay = MAIL_RETRY_DELAYS_MS[Math.min(row.attempts, MAIL_RETRY_DELAYS_MS.length) - 1] ?? 0;
  const status: MailStatus = giveUp ? 'failed' : 'queued';
  await db
    .update(mailOutbox)
    .set({ status, lastError: error.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + delay) })
    .where(eq(mailOutbox.id, row.id));
  return status;
}

/** Admin list: failed or queued mails, newest first. */
export async function listOutbox(db: Db, status: 'failed' | 'queued', limit: number): Promise<MailOutboxRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.status, status)).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Admin retry: a failed (or waiting) mail goes back to the queue with its tries counted afresh. */
export async function requeueMail(db: Db, id: string, now: Date): Promise<MailOutboxRow | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'queued'])))
    .returning();
  return row ?? null;
}
