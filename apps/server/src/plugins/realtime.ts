import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import type { TNotification } from '@pulse/contract/notifications';
import {
  buildSessionRoom,
  buildUserRoom,
  type ClientToServerEvents,
  REALTIME_ORIGIN_REFUSED_MESSAGE,
  REALTIME_PATH,
  type ServerToClientEvents,
  type TUserEventName,
  type TUserEventPayload,
  ZUserConnectedPayload,
} from '@pulse/contract/realtime';
import { socketConnections } from '../lib/metrics';
import { findSessionUser } from '../modules/auth/auth-service';
import { SESSION_EXPIRED_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from './auth';
import { buildAllowedOrigins, isOriginAllowed, readHandshakeToken } from './realtime-handshake';

/** What the handshake proved about a socket; kept on `socket.data`. */
export interface RealtimeSocketData {
  userId: string;
  sessionId: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, RealtimeSocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, RealtimeSocketData>;

/** Called after a notification was stored and emitted; push delivery hooks in here. */
export type NotificationListener = (userId: string, notification: TNotification) => void | Promise<void>;

export interface Realtime {
  /** Sends an event to every socket of the user, on this process or (with Redis) on any other. */
  emitToUser<E extends TUserEventName>(userId: string, event: E, payload: TUserEventPayload<E>): void;
  /** Closes the sockets opened with one session token, on every process (after a logout). */
  disconnectSession(sessionId: string): void;
  /** Sends an event to every signed-in socket, on this process or (with Redis) on any other (Pulse Hub's new posts). */
  emitToSignedIn<E extends keyof ServerToClientEvents>(event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /** The Socket.IO server itself, for tests and the benchmark. */
  readonly io: RealtimeServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** Every function here runs after each new notification, never in the request's critical path. */
    notificationListeners: Set<NotificationListener>;
  }
}

/** Every socket joins this room once its session is proven (every socket is signed in today). */
export const SIGNED_IN_ROOM = 'signed-in';

export const USER_CONNECTED_REFUSED_MESSAGE = contractMessage(msg`You can only connect as the signed-in user.`);

/** setTimeout's ceiling (about 24.8 days); a session is far shorter, but the clamp keeps Node quiet. */
const MAX_TIMER_MS = 2_147_483_647;

function buildHandshakeError(message: string): Error {
  const error = new Error(message) as Error & { data?: { code: string } };
  error.data = { code: 'unauthorized' };
  return error;
}

/** When the token stops being valid; the socket is closed then, as an HTTP call would get a 401. */
function readTokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function attachRedisAdapter(app: FastifyInstance, io: RealtimeServer, redisUrl: string): () => Promise<void> {
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'Realtime Redis connection error'));
  }
  io.adapter(createAdapter(publisher, subscriber));
  return async () => {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}

function handleConnection(app: FastifyInstance, socket: RealtimeSocket, expiresAt: number | null): void {
  const { userId, sessionId } = socket.data;
  void socket.join([buildUserRoom(userId), buildSessionRoom(sessionId), SIGNED_IN_ROOM]);

  const expiryTimer =
    expiresAt === null ? null : setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
  expiryTimer?.unref();
  socketConnections.inc();
  socket.on('disconnect', () => {
    socketConnections.dec();
    if (expiryTimer) clearTimeout(expiryTimer);
  });

  socket.on('userConnected', (payload) => {
    const parsed = ZUserConnectedPayload.safeParse(payload);
    if (!parsed.success || parsed.data.userId !== userId) {
      app.log.warn({ userId, claimed: parsed.success ? parsed.data.userId : null }, 'userConnected for another user refused');
      socket.emit('realtimeError', { event: 'userConnected', message: USER_CONNECTED_REFUSED_MESSAGE });
      return;
    }
    void socket.join(buildUserRoom(userId));
  });
}

/**
 * Socket.IO on the API's own HTTP server (same host and port, path /socket.io). A socket is let in
 * only from an allowed Origin and with a live session token, checked exactly as an HTTP request's.
 */
export const realtimePlugin = fp(
  async (app) => {
    const allowedOrigins = buildAllowedOrigins(app.config.corsOrigins, app.config.publicUrl);
    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      cors: { origin: [...allowedOrigins], credentials: true },
      allowRequest: (request, callback) => {
        // A process on its way out takes no new socket (a long-poll would hold its close); the client tries again, elsewhere.
        if (app.lifecycle.draining) return callback('draining', false);
        const origin = request.headers.origin;
        // Same-origin pages (e.g. the app opened on a LAN address) name the host they connect to.
        const sameHost = origin !== undefined && URL.canParse(origin) && new URL(origin).host === request.headers.host;
        const allowed = sameHost || isOriginAllowed(origin, allowedOrigins);
        callback(allowed ? null : REALTIME_ORIGIN_REFUSED_MESSAGE, allowed);
      },
    });
    const closeAdapter = app.config.redisUrl ? attachRedisAdapter(app, io, app.config.redisUrl) : null;

    const tokenExpiry = new WeakMap<RealtimeSocket, number | null>();
    io.use((socket, next) => {
      const token = readHandshakeToken(socket.handshake.auth, socket.handshake.headers, (header) => app.parseCookie(header));
      if (!token) {
        next(buildHandshakeError(SIGN_IN_REQUIRED_MESSAGE));
        return;
      }
      findSessionUser(app.db, app.jwtSecret, token).then(
        (session) => {
          if (!session) {
            next(buildHandshakeError(SESSION_EXPIRED_MESSAGE));
            return;
          }
          socket.data = { userId: session.user.id, sessionId: session.sessionId };
          tokenExpiry.set(socket, readTokenExpiry(token));
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'Realtime handshake failed');
          next(new Error('The server could not check your session. Try again later.'));
        },
      );
    });
    io.on('connection', (socket) => handleConnection(app, socket, tokenExpiry.get(socket) ?? null));

    const realtime: Realtime = {
      io,
      emitToUser(userId, event, payload) {
        // The map's generic key cannot narrow the emit overloads; the signature above keeps callers typed.
        const room = io.to(buildUserRoom(userId)) as unknown as { emit(name: string, data: unknown): boolean };
        room.emit(event, payload);
      },
      emitToSignedIn(event, ...payload) {
        const room = io.to(SIGNED_IN_ROOM) as unknown as { emit(name: string, ...data: unknown[]): boolean };
        room.emit(event, ...payload);
      },
      disconnectSession(sessionId) {
        io.in(buildSessionRoom(sessionId)).disconnectSockets(true);
      },
    };
    app.decorate('realtime', realtime);
    app.decorate('notificationListeners', new Set<NotificationListener>());

    // The logout route revokes the session; its sockets must not outlive it.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'POST' && request.routeOptions.url === '/api/auth/logout' && request.sessionId && reply.statusCode < 400) {
        realtime.disconnectSession(request.sessionId);
      }
    });

    // Open WebSockets would hold the HTTP server's close forever. Closing the engine (not
    // disconnectSockets, whose "io server disconnect" tells socket.io-client not to come back) drops
    // the transports, so clients reconnect by themselves, through the proxy to a process still up.
    const dropTransports = () => {
      io.engine.close();
    };
    app.lifecycle.onDraining(dropTransports);
    app.addHook('preClose', async () => {
      dropTransports();
    });
    app.addHook('onClose', async () => {
      await closeAdapter?.();
    });
  },
  { name: 'realtime', dependencies: ['app-context', 'auth'] },
);
