import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers } from '../../db/schema/conversations';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { insertConversation, insertMessage } from '../../testing/seed-helpers';
import { createBuyer, type TestUser } from '../orders/testing/order-fixtures';
import { DIGEST_INTERVAL_MS, DIGEST_QUIET_MS, messageDigestMail, sendMessageDigests } from './message-digest';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', APP_NAME: 'Pulse Market' });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

async function digestsOf(userId: string) {
  return testApp.database.orm
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'message_digest')));
}

async function pair(): Promise<{ reader: TestUser; writer: TestUser; conversationId: string }> {
  const reader = await createBuyer(testApp.app);
  const writer = await createBuyer(testApp.app);
  const conversationId = await insertConversation(testApp.database.orm, [
    { userId: reader.id, lastReadAt: null },
    { userId: writer.id, lastReadAt: null },
  ]);
  return { reader, writer, conversationId };
}

const HOUR = 3_600_000;

describe('daily digest of unread messages', () => {
  it('mails the reader once, naming who wrote and linking the messages page; never twice in a day, even with several processes', async () => {
    const { reader, writer, conversationId } = await pair();
    const start = Date.now();
    await insertMessage(testApp.database.orm, conversationId, writer.id, new Date(start - 3 * HOUR));
    await insertMessage(testApp.database.orm, conversationId, writer.id, new Date(start - 2 * HOUR));

    // Three processes sweep at once: one digest.
    await Promise.all([0, 1, 2].map(() => sendMessageDigests(testApp.app, new Date(start))));
    const digests = await digestsOf(reader.id);
    expect(digests).toHaveLength(1);
    const [email] = await testApp.database.orm.select({ email: users.email }).from(users).where(eq(users.id, reader.id));
    expect(digests[0]?.toAddress).toBe(email?.email);
    expect(digests[0]?.subject).toBe('You have 2 unread messages on Pulse Market');
    expect(digests[0]?.text).toContain(writer.username);
    expect(digests[0]?.links).toEqual(['http://localhost:3000/messages']);
    // The writer read nothing unread: no digest for them.
    expect(await digestsOf(writer.id)).toHaveLength(0);

    // A new message the same day waits for tomorrow.
    await insertMessage(testApp.database.orm, conversationId, writer.id, new Date(start + HOUR));
    await sendMessageDigests(testApp.app, new Date(start + 2 * HOUR + DIGEST_QUIET_MS));
    expect(await digestsOf(reader.id)).toHaveLength(1);

    // A day later it goes, counting only what came since the last digest.
    await sendMessageDigests(testApp.app, new Date(start + DIGEST_INTERVAL_MS + HOUR));
    const later = await digestsOf(reader.id);
    expect(later).toHaveLength(2);
    expect(later.map((row) => row.subject)).toContain('You have 1 unread message on Pulse Market');

    // Nothing new after that: no third mail, however many days pass.
    await sendMessageDigests(testApp.app, new Date(start + 5 * DIGEST_INTERVAL_MS));
    expect(await digestsOf(reader.id)).toHaveLength(2);
  });

  it('sends nothing for messages already read, or written less than an hour ago', async () => {
    const { reader, writer, conversationId } = await pair();
    const now = Date.now();
    await insertMessage(testApp.database.orm, conversationId, writer.id, new Date(now - 3 * HOUR));
    await testApp.database.orm
      .update(conversationMembers)
      .set({ lastReadAt: new Date(now - 2 * HOUR) })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, reader.id)));
    await insertMessage(testApp.database.orm, conversationId, writer.id, new Date(now - 10 * 60_000));
    await sendMessageDigests(testApp.app, new Date(now));
    expect(await digestsOf(reader.id)).toHaveLength(0);
  });

  it('is written in the reader\'s language, with the plural', () => {
    const to = { email: 'a@example.com', language: 'fr' };
    expect(messageDigestMail(testApp.config, to, { count: 1, senders: ['kofi'] }).subject).toBe('Vous avez 1 message non lu sur Pulse Market');
    expect(messageDigestMail(testApp.config, to, { count: 3, senders: ['kofi', 'ama'] }).paragraphs[0]).toBe('3 messages vous attendent, de kofi, ama.');
  });
});
