import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@pulse/contract/realtime';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Test-only: listens on a free 127.0.0.1 port and returns the base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

export interface TestSocketOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** A client socket that does not reconnect, so a refused handshake ends the attempt. */
export function openTestSocket(baseUrl: string, options: TestSocketOptions = {}): TestSocket {
  return connectSocket(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.headers ?? {},
  });
}

/** Resolves once connected; rejects with the server's connect_error. */
export function waitForConnect(socket: TestSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The connect_error message a refused socket gets (fails the test if it connects instead). */
export function waitForConnectError(socket: TestSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('The socket connected but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/** Resolves with the next payload of an event, or rejects after `timeoutMs`. */
export function waitForEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    // socket.io-client's typed `once` cannot take the generic event; the signature above keeps callers typed.
    (socket as unknown as { once(name: string, fn: (payload: unknown) => void): void }).once(event, listener as (payload: unknown) => void);
  });
}

/** Collects every payload of an event, for "emitted exactly once" and "never emitted" checks. */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  (socket as unknown as { on(name: string, fn: (payload: unknown) => void): void }).on(event, (payload) => {
    seen.push(payload as Parameters<ServerToClientEvents[E]>[0]);
  });
  return seen;
}

/** Resolves when the server closes the socket. */
export function waitForDisconnect(socket: TestSocket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Lets in-flight socket packets arrive before a "nothing more came" assertion. */
export function settle(ms = 200): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
