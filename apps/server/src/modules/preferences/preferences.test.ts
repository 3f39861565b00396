import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPreferencesResponse } from '@pulse/contract/notification-preferences';
import type { TListNotificationsResponse, TNotification } from '@pulse/contract/notifications';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server';
import type { MailContent } from '../mail/mail-layout';
import { passwordResetMail } from '../mail/mail-messages';
import { queueMail } from '../mail/mail-outbox';
import { notify } from '../notifications/notifications-service';
import { signUnsubscribeToken } from './unsubscribe-token';

let smtp: SmtpTestServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', APP_NAME: 'Pulse Market' });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

type User = Awaited<ReturnType<typeof registerTestUser>>;

async function preferencesOf(user: User): Promise<TNotificationPreferencesResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/account/notification-preferences', headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json() as TNotificationPreferencesResponse;
}

function choicesOf(preferences: TNotificationPreferencesResponse, category: string) {
  return preferences.categories.find((row) => row.category === category);
}

async function change(user: User, changes: unknown[]) {
  return testApp.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', headers: bearer(user.token), payload: { changes } });
}

function orderMailContent(): MailContent {
  return {
    language: 'en',
    appName: 'Pulse Market',
    brand: 'buyer',
    subject: 'Your order is ready',
    preview: 'Green Valley Farm has your order ready',
    heading: 'Your order is ready',
    paragraphs: ['Green Valley Farm has your order ready for pickup.'],
    after: [],
    footer: 'You received this because you ordered on Pulse Market.',
  };
}

function queueOrderMail(user: User) {
  return testApp.database.orm.transaction((tx) =>
    queueMail(tx, { kind: 'order_ready', category: 'orders', to: user.user.email, userId: user.user.id, content: orderMailContent() }, testApp.app),
  );
}

/** The user's outbox rows, but the address check their sign-up queued. */
async function outboxRowsOf(user: User) {
  const rows = await testApp.database.orm.select().from(mailOutbox).where(eq(mailOutbox.userId, user.user.id));
  return rows.filter((row) => row.kind !== 'verify_email');
}

function announce(user: User, key: string, type: TNotification['type'] = 'announcement') {
  return notify(testApp.app, user.user.id, { type, source: 'marketplace', message: 'The market opens early on Friday', idempotencyKey: key });
}

async function listOf(user: User): Promise<TListNotificationsResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json() as TListNotificationsResponse;
}

async function unreadOf(user: User): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(user.token) });
  return (response.json() as { unreadCount: number }).unreadCount;
}

describe('notification preferences', () => {
  it('start from sensible defaults: all on, Hub without e-mail, announcements not mailed, receipts and security always sent', async () => {
    const user = await registerTestUser(testApp.app);
    const preferences = await preferencesOf(user);
    expect(choicesOf(preferences, 'orders')).toEqual({ category: 'orders', in_app: true, push: true, email: true });
    expect(choicesOf(preferences, 'hub')).toEqual({ category: 'hub', in_app: true, push: true, email: null });
    expect(choicesOf(preferences, 'announcements')).toEqual({ category: 'announcements', in_app: true, push: true, email: false });
    expect(preferences.categories).toHaveLength(8);
    expect(preferences.always_sent).toEqual(['receipt', 'security']);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/account/notification-preferences' })).statusCode).toBe(401);
  });

  it('keep a change for the caller only, and a switch back to the default', async () => {
    const user = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const response = await change(user, [
      { category: 'orders', channel: 'email', enabled: false },
      { category: 'announcements', channel: 'email', enabled: true },
    ]);
    expect(response.statusCode).toBe(200);
    expect(choicesOf(response.json() as TNotificationPreferencesResponse, 'orders')).toMatchObject({ email: false, in_app: true });
    expect(choicesOf(await preferencesOf(user), 'orders')?.email).toBe(false);
    expect(choicesOf(await preferencesOf(user), 'announcements')?.email).toBe(true);
    expect(choicesOf(await preferencesOf(other), 'orders')?.email).toBe(true);

    await change(user, [{ category: 'orders', channel: 'email', enabled: true }]);
    expect(choicesOf(await preferencesOf(user), 'orders')?.email).toBe(true);
  });

  it('refuse what cannot be chosen, changing nothing', async () => {
    const user = await registerTestUser(testApp.app);
    const refused = [
      [{ category: 'hub', channel: 'email', enabled: true }],
      [{ category: 'security', channel: 'email', enabled: false }],
      [{ category: 'receipt', channel: 'email', enabled: false }],
      [{ category: 'orders', channel: 'sms', enabled: false }],
      [{ category: 'orders', channel: 'email', enabled: 'no' }],
      [],
      [
        { category: 'orders', channel: 'push', enabled: false },
        { category: 'orders', channel: 'push', enabled: true },
      ],
      [
        { category: 'orders', channel: 'in_app', enabled: false },
        { category: 'hub', channel: 'email', enabled: true },
      ],
    ];
    for (const changes of refused) {
      const response = await change(user, changes);
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
    }
    const hubRefusal = await change(user, [{ category: 'hub', channel: 'email', enabled: true }]);
    expect(hubRefusal.json()).toMatchObject({ error: { message: 'This kind of notification is not sent on that channel.' } });
    const preferences = await preferencesOf(user);
    expect(choicesOf(preferences, 'orders')).toMatchObject({ in_app: true, push: true, email: true });
    expect(choicesOf(preferences, 'hub')?.email).toBeNull();
  });
});

describe('in-app and push follow the choices', () => {
  it('a category with in-app off adds no bell item and no unread count; push still follows its own switch', async () => {
    const user = await registerTestUser(testApp.app);
    const pushed: string[] = [];
    const listener = (userId: string, notification: TNotification) => {
      if (userId === user.user.id) pushed.push(notification.message);
    };
    testApp.app.notificationListeners.add(listener);
    try {
      await announce(user, 'shown-1');
      expect((await listOf(user)).total).toBe(1);
      expect(await unreadOf(user)).toBe(1);
      expect(pushed).toHaveLength(1);

      expect((await change(user, [{ category: 'announcements', channel: 'in_app', enabled: false }])).statusCode).toBe(200);
      await announce(user, 'hidden-1');
      // Retried: still one (hidden) notification, no second push.
      await announce(user, 'hidden-1');
      const list = await listOf(user);
      expect(list.total).toBe(1);
      expect(list.unread).toBe(1);
      expect(await unreadOf(user)).toBe(1);
      expect(pushed).toHaveLength(2);

      // Other categories are not affected.
      await announce(user, 'payout-1', 'payout_failed');
      expect((await listOf(user)).total).toBe(2);

      expect((await change(user, [{ category: 'announcements', channel: 'push', enabled: false }])).statusCode).toBe(200);
      await announce(user, 'silent-1');
      expect(pushed).toHaveLength(3);
      expect((await listOf(user)).total).toBe(2);

      // Marking all read does not touch hidden rows or count them.
      const readAll = await testApp.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: bearer(user.token) });
      expect(readAll.statusCode).toBe(200);
      expect(readAll.json()).toMatchObject({ updated: 2 });
    } finally {
      testApp.app.notificationListeners.delete(listener);
    }
  });
});

describe('mail follows the choices, with one-click unsubscribe', () => {
  it('queues nothing for a category with e-mail off; receipts and security mail still go', async () => {
    const user = await registerTestUser(testApp.app);
    await change(user, [{ category: 'orders', channel: 'email', enabled: false }]);
    expect(await queueOrderMail(user)).toBeNull();
    const security = await testApp.database.orm.transaction((tx) =>
      queueMail(tx, {
        kind: 'password_reset',
        category: 'security',
        to: user.user.email,
        userId: user.user.id,
        content: passwordResetMail(testApp.config, { email: user.user.email, language: 'en' }, 'http://localhost:3000/reset-password?token=x'),
      }),
    );
    const rows = await outboxRowsOf(user);
    expect(rows.map((row) => row.id)).toEqual([security]);
    expect(rows[0]?.unsubscribeUrl).toBeNull();
  });

  it('sends List-Unsubscribe and List-Unsubscribe-Post through SMTP for mail a person may turn off, and not for security mail', async () => {
    const user = await registerTestUser(testApp.app);
    const id = await queueOrderMail(user);
    expect(id).not.toBeNull();
    await testApp.database.orm.transaction((tx) =>
      queueMail(tx, {
        kind: 'password_reset',
        category: 'security',
        to: user.user.email,
        userId: user.user.id,
        content: passwordResetMail(testApp.config, { email: user.user.email, language: 'en' }, 'http://localhost:3000/reset-password?token=x'),
      }),
    );
    await testApp.app.mailOutbox.sendDue();
    const orderMail = await smtp.waitFor(user.user.email, (mail) => mail.parsed.subject === 'Your order is ready');
    // mailparser gathers the List-* headers under `list` (List-Unsubscribe -> list.unsubscribe).
    const list = orderMail.parsed.headers.get('list') as { unsubscribe?: { url?: string }; 'unsubscribe-post'?: { name?: string } } | undefined;
    const url = list?.unsubscribe?.url ?? '';
    expect(url).toMatch(new RegExp(`^${testApp.config.publicUrl}/api/mail/unsubscribe\\?token=`));
    // Folded onto the next line (the address is long): still one header with the address in <>.
    expect(orderMail.raw).toMatch(/^List-Unsubscribe:\s+<http[^>\s]+>\r?$/m);
    expect(orderMail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const securityMail = await smtp.waitFor(user.user.email, (mail) => mail.parsed.subject !== 'Your order is ready');
    expect(securityMail.parsed.headers.has('list')).toBe(false);
    expect(securityMail.raw).not.toMatch(/^List-Unsubscribe/im);

    // The mail app's one click (RFC 8058): a form-encoded POST to the header's address, no session.
    const path = url.slice(testApp.config.publicUrl.length);
    const before = await testApp.app.inject({ method: 'GET', url: path });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ category: 'orders', email: true });
    // Looking at the link changed nothing.
    expect(choicesOf(await preferencesOf(user), 'orders')?.email).toBe(true);

    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ category: 'orders', email: false });
    const after = await preferencesOf(user);
    expect(choicesOf(after, 'orders')).toEqual({ category: 'orders', in_app: true, push: true, email: false });
    expect(choicesOf(after, 'shop_orders')?.email).toBe(true);
    expect(choicesOf(after, 'messages')?.email).toBe(true);
    expect(await queueOrderMail(user)).toBeNull();

    // Clicking twice is fine.
    const again = await testApp.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a tampered, cut, foreign or differently signed token with 400 and changes nothing', async () => {
    const victim = await registerTestUser(testApp.app);
    const attacker = await registerTestUser(testApp.app);
    const secret = testApp.app.jwtSecret;
    const own = signUnsubscribeToken(secret, attacker.user.id, 'messages');
    const [, , signature] = own.split('.');
    const otherKeySignature = createHmac('sha256', 'another-server-key-of-at-least-32-chars').update(`${victim.user.id}:messages`).digest('base64url');
    const forged = [
      // The attacker's signature on the victim's id.
      `${victim.user.id}.messages.${signature}`,
      // The attacker's own link moved to another category.
      `${attacker.user.id}.orders.${signature}`,
      // Signed with another key.
      `${victim.user.id}.messages.${otherKeySignature}`,
      // Cut short, one character changed, no signature, nonsense.
      own.slice(0, -4),
      `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`,
      `${victim.user.id}.messages.`,
      `${victim.user.id}.messages`,
      'not-a-token',
      `${own}.extra`,
    ];
    for (const token of forged) {
      const url = `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
      const post = await testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(post.statusCode, token).toBe(400);
      expect(post.json()).toMatchObject({ error: { message: expect.stringContaining('not valid') as string } });
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, token).toBe(400);
    }
    expect((await testApp.app.inject({ method: 'POST', url: '/api/mail/unsubscribe' })).statusCode).toBe(400);
    expect(choicesOf(await preferencesOf(victim), 'messages')?.email).toBe(true);
    expect(choicesOf(await preferencesOf(attacker), 'messages')?.email).toBe(true);
    expect(choicesOf(await preferencesOf(attacker), 'orders')?.email).toBe(true);

    // The genuine link still works, and only for its owner.
    const genuine = await testApp.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${own}` });
    expect(genuine.statusCode).toBe(200);
    expect(choicesOf(await preferencesOf(attacker), 'messages')?.email).toBe(false);
    expect(choicesOf(await preferencesOf(victim), 'messages')?.email).toBe(true);
  });
});
