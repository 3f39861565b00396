import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import { REALTIME_ORIGIN_REFUSED_MESSAGE, REALTIME_PATH, REALTIME_SESSION_EXPIRED_MESSAGE } from '@pulse/contract/realtime';
import { startSession } from '../modules/auth/auth-service';
import { SESSION_LIFETIME_SECONDS } from '../modules/auth/session-tokens';
import { bearer, registerTestUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { SIGN_IN_REQUIRED_MESSAGE } from './auth';
import { USER_CONNECTED_REFUSED_MESSAGE } from './realtime';
import {
  listenOnFreePort,
  openTestSocket,
  recordEvents,
  settle,
  waitForConnect,
  waitForConnectError,
  waitForDisconnect,
  waitForEvent,
  type TestSocket,
  type TestSocketOptions,
} from './realtime-test-client';

let testApp: TestApp;
let baseUrl: string;
const openSockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ CORS_ORIGINS: 'https://shop.example.com' });
  baseUrl = await listenOnFreePort(testApp.app);
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.close();
});

afterAll(async () => {
  await testApp.close();
});

function open(options: TestSocketOptions): TestSocket {
  const socket = openTestSocket(baseUrl, options);
  openSockets.push(socket);
  return socket;
}

describe('socket handshake', () => {
  it('refuses a socket without a token', async () => {
    const error = await waitForConnectError(open({}));
    expect(error.message).toBe(SIGN_IN_REQUIRED_MESSAGE);
  });

  it('refuses a forged or malformed token as an expired session', async () => {
    const error = await waitForConnectError(open({ token: 'not-a-jwt' }));
    expect(error.message).toBe(REALTIME_SESSION_EXPIRED_MESSAGE);
    const forged = await waitForConnectError(open({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }));
    expect(forged.message).toBe(REALTIME_SESSION_EXPIRED_MESSAGE);
  });

  it('refuses a token whose session was logged out', async () => {
    const { token } = await registerTestUser(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    const error = await waitForConnectError(open({ token }));
    expect(error.message).toBe(REALTIME_SESSION_EXPIRED_MESSAGE);
  });

  it('refuses a token past its expiry', async () => {
    const { user } = await registerTestUser(testApp.app);
    const longAgo = new Date(Date.now() - (SESSION_LIFETIME_SECONDS + 60) * 1000);
    const stale = await startSession(testApp.database.orm, testApp.app.jwtSecret, user.id, longAgo);
    const error = await waitForConnectError(open({ token: stale.token }));
    expect(error.message).toBe(REALTIME_SESSION_EXPIRED_MESSAGE);
  });

  it('accepts a live token from handshake auth', async () => {
    const { token } = await registerTestUser(testApp.app);
    await expect(waitForConnect(open({ token }))).resolves.toBeUndefined();
  });

  it('accepts the session cookie when no token is given', async () => {
    const { token } = await registerTestUser(testApp.app);
    await expect(waitForConnect(open({ headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` } }))).resolves.toBeUndefined();
  });

  it('refuses a page from an origin outside the allow-list, before checking the token', async () => {
    const { token } = await registerTestUser(testApp.app);
    const error = await waitForConnectError(open({ token, headers: { origin: 'https://evil.example.net' } }));
    // Refused by the transport (HTTP 403), not by the session check.
    expect(error.message).not.toBe(REALTIME_SESSION_EXPIRED_MESSAGE);
    expect(error.message).toMatch(/error/i);
    await expect(waitForConnect(open({ token, headers: { origin: 'https://shop.example.com' } }))).resolves.toBeUndefined();
    const polling = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example.net' } });
    expect(polling.status).toBe(403);
    expect(await polling.json()).toMatchObject({ message: REALTIME_ORIGIN_REFUSED_MESSAGE });
    // PUBLIC_URL's origin is the app's own page, so it is always allowed.
    await expect(waitForConnect(open({ token, headers: { origin: 'http://localhost:3000' } }))).resolves.toBeUndefined();
  });

  it('closes the socket when its session token expires', async () => {
    const { user } = await registerTestUser(testApp.app);
    // Issued so that it has about two seconds left.
    const almostDone = new Date(Date.now() - (SESSION_LIFETIME_SECONDS - 2) * 1000);
    const session = await startSession(testApp.database.orm, testApp.app.jwtSecret, user.id, almostDone);
    const socket = open({ token: session.token });
    await waitForConnect(socket);
    await expect(waitForDisconnect(socket, 5000)).resolves.toBe('io server disconnect');
  });
});

describe('userConnected and rooms', () => {
  it('lets a user announce themselves and receive their events', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const socket = open({ token });
    await waitForConnect(socket);
    const errors = recordEvents(socket, 'realtimeError');
    socket.emit('userConnected', { userId: user.id });
    await settle();
    testApp.app.realtime.emitToUser(user.id, 'allNotificationsRead', { userId: user.id });
    await expect(waitForEvent(socket, 'allNotificationsRead')).resolves.toEqual({ userId: user.id });
    expect(errors).toEqual([]);
  });

  it('refuses userConnected for another user and never delivers that user’s events', async () => {
    const mallory = await registerTestUser(testApp.app);
    const victim = await registerTestUser(testApp.app);
    const socket = open({ token: mallory.token });
    await waitForConnect(socket);
    const stolen = recordEvents(socket, 'newNotification');
    const refused = waitForEvent(socket, 'realtimeError');
    socket.emit('userConnected', { userId: victim.user.id });
    await expect(refused).resolves.toEqual({ event: 'userConnected', message: USER_CONNECTED_REFUSED_MESSAGE });

    const victimSocket = open({ token: victim.token });
    await waitForConnect(victimSocket);
    const delivered = waitForEvent(victimSocket, 'notificationRead');
    testApp.app.realtime.emitToUser(victim.user.id, 'notificationRead', { id: victim.user.id, source: 'marketplace' });
    await delivered;
    await settle();
    expect(stolen).toEqual([]);
  });

  it('refuses a malformed userConnected payload', async () => {
    const { token } = await registerTestUser(testApp.app);
    const socket = open({ token });
    await waitForConnect(socket);
    const refused = waitForEvent(socket, 'realtimeError');
    (socket as unknown as { emit(name: string, payload: unknown): void }).emit('userConnected', { userId: 42 });
    await expect(refused).resolves.toMatchObject({ event: 'userConnected' });
  });
});

describe('logout', () => {
  it('closes the sockets of the logged-out session and keeps the user’s other sessions', async () => {
    const first = await registerTestUser(testApp.app);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.user.email, password: first.password },
    });
    const secondToken = (login.json() as { token: string }).token;
    const phone = open({ token: first.token });
    const laptop = open({ token: secondToken });
    await Promise.all([waitForConnect(phone), waitForConnect(laptop)]);

    const phoneClosed = waitForDisconnect(phone);
    const laptopEvents = recordEvents(laptop, 'allNotificationsRead');
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first.token) });
    await expect(phoneClosed).resolves.toBe('io server disconnect');

    testApp.app.realtime.emitToUser(first.user.id, 'allNotificationsRead', { userId: first.user.id });
    await settle();
    expect(laptop.connected).toBe(true);
    expect(laptopEvents).toEqual([{ userId: first.user.id }]);
  });
});

describe('shutdown', () => {
  it('closes open sockets when the app closes, so close() does not hang', async () => {
    const other = await createTestApp();
    const otherUrl = await listenOnFreePort(other.app);
    const { token } = await registerTestUser(other.app);
    const socket = openTestSocket(otherUrl, { token });
    openSockets.push(socket);
    await waitForConnect(socket);
    const closed = waitForDisconnect(socket);
    await other.close();
    await expect(closed).resolves.toMatch(/server disconnect|transport close/);
  });

  it('when the process starts draining, a client loses its transport and tries to reconnect by itself (a server disconnect would keep it away)', async () => {
    const other = await createTestApp();
    const otherUrl = await listenOnFreePort(other.app);
    const { token } = await registerTestUser(other.app);
    // socket.io-client as the web app uses it: reconnection on (its default), here with a short delay.
    const socket: TestSocket = connectSocket(otherUrl, { path: REALTIME_PATH, transports: ['websocket'], forceNew: true, reconnectionDelay: 50, auth: { token } });
    openSockets.push(socket);
    await waitForConnect(socket);
    const closed = waitForDisconnect(socket);
    const reconnecting = new Promise<number>((resolve) => socket.io.once('reconnect_attempt', resolve));
    other.app.lifecycle.startDraining();
    await expect(closed).resolves.toBe('transport close');
    // The client tries again by itself; behind a proxy that lands on a process still up (this one takes no new socket).
    await expect(reconnecting).resolves.toBe(1);
    // A new socket, even on long-polling (which the closed engine's WebSocket server would not stop), is refused.
    const late: TestSocket = connectSocket(otherUrl, { path: REALTIME_PATH, transports: ['polling'], forceNew: true, reconnection: false, auth: { token } });
    openSockets.push(late);
    await waitForConnectError(late);
    socket.close();
    await other.close();
  });
});
