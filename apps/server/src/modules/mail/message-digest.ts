import { msg, plural } from '@lingui/core/runtime-macro';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { translatorFor } from '../../i18n/translator';
import type { MailContent } from './mail-layout';
import type { MailRecipient } from './mail-messages';
import { queueMail } from './mail-outbox';

/** At most one digest per person per this long (issue 25: "not more often than daily"). */
export const DIGEST_INTERVAL_MS = 24 * 3_600_000;
/** A message younger than this waits for the next pass: the person may be reading it right now. */
export const DIGEST_QUIET_MS = 3_600_000;
/** How often the worker looks for people with unread messages. */
export const DIGEST_SWEEP_MS = 15 * 60_000;
const BATCH = 50;

type MailConfig = Pick<Config, 'appName' | 'publicUrl'>;

/** "You have 3 unread messages": who wrote, and a link to the messages page (category 'messages'). */
export function messageDigestMail(config: MailConfig, to: MailRecipient, unread: { count: number; senders: string[] }): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const count = unread.count;
  const senders = unread.senders.join(', ');
  const link = `${config.publicUrl}/messages`;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`You have ${plural({ count }, { one: '# unread message', other: '# unread messages' })} on ${{ appName }}`),
    preview: i18n._(msg`From ${{ senders }}.`),
    heading: i18n._(msg`Unread messages`),
    paragraphs: [i18n._(msg`${plural({ count }, { one: '# message is', other: '# messages are' })} waiting for you, from ${{ senders }}.`)],
    button: { label: i18n._(msg`Read my messages`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You get at most one such reminder a day, only when messages wait unread.`),
  };
}

type DigestCandidate = {
  user_id: string;
  email: string;
  language: string | null;
  unread: number | string;
  senders: string[] | string | null;
};

/**
 * One pass of the daily digest: everyone with messages unread for more than DIGEST_QUIET_MS that
 * arrived since their last digest gets one mail, at most once per DIGEST_INTERVAL_MS. Each person is
 * claimed with one conditional upsert of `mail_digests` in the mail's own transaction: with several
 * processes sweeping at once, one wins and the others skip. Returns how many digests were queued.
 */
export async function sendMessageDigests(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const quietBefore = new Date(now.getTime() - DIGEST_QUIET_MS);
  const dueBefore = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const result = await app.db.execute<DigestCandidate>(sql`
    select cm.user_id, u.email, u.language, count(*) as unread,
           (array_agg(distinct s.username))[1:3] as senders
    from conversation_members cm
    join messages m on m.conversation_id = cm.conversation_id and m.sender_id <> cm.user_id
    join users u on u.id = cm.user_id
    join users s on s.id = m.sender_id
    left join mail_digests d on d.user_id = cm.user_id
    where m.created_at > coalesce(cm.last_read_at, 'epoch'::timestamptz)
      and m.created_at <= ${quietBefore.toISOString()}::timestamptz
      and m.created_at > coalesce(d.last_digest_at, 'epoch'::timestamptz)
      and (d.last_digest_at is null or d.last_digest_at <= ${dueBefore.toISOString()}::timestamptz)
      and u.suspended_at is null
    group by cm.user_id, u.email, u.language
    limit ${BATCH}
  `);
  const candidates = (result as unknown as { rows: DigestCandidate[] }).rows;
  let queued = 0;
  for (const candidate of candidates) {
    const senders = Array.isArray(candidate.senders) ? candidate.senders : parseArray(candidate.senders);
    const sent = await app.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, candidate.user_id, now, dueBefore))) return false;
      const content = messageDigestMail(app.config, { email: candidate.email, language: candidate.language }, { count: Number(candidate.unread), senders });
      const queuedId = await queueMail(tx, { kind: 'message_digest', category: 'messages', to: candidate.email, userId: candidate.user_id, content }, app);
      // Null: the person turned e-mail off for messages; the claim stands, so the sweep does not ask again today.
      return queuedId !== null;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) app.mailOutbox.wake();
  return queued;
}

/** Takes the person's digest for `now` unless one was sent after `dueBefore` (another process, or earlier today). */
async function claimDigest(tx: Db, userId: string, now: Date, dueBefore: Date): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into mail_digests (user_id, last_digest_at) values (${userId}, ${now.toISOString()}::timestamptz)
    on conflict (user_id) do update set last_digest_at = excluded.last_digest_at
    where mail_digests.last_digest_at <= ${dueBefore.toISOString()}::timestamptz
    returning user_id
  `);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0;
}

/** A Postgres array literal ("{a,b}") as node-postgres may hand it back. */
function parseArray(value: string | null): string[] {
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((part) => part.replace(/^"|"$/g, ''))
    .filter(Boolean);
}
