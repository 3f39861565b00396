import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** http://127.0.0.1:<port>, the stand-in push service's origin. */
  origin: string;
  /** Makes the receiver answer this status for this path (e.g. 410 for a gone subscription). */
  answer(path: string, status: number): void;
  /** Holds the answers for this path until the returned function is called (a slow push service). */
  hold(path: string): () => void;
  /** Resolves with the next (or an already received, not yet taken) push to this path. */
  waitForPush(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  received(): ReceivedPush[];
  close(): Promise<void>;
}

/** A local stand-in for a push service: records each request and answers 201 unless told otherwise. */
export async function startPushReceiver(): Promise<PushReceiver> {
  const statuses = new Map<string, number>();
  const all: ReceivedPush[] = [];
  const unclaimed: ReceivedPush[] = [];
  const waiters: { path: string; resolve(push: ReceivedPush): void }[] = [];
  const gates = new Map<string, Promise<void>>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push: ReceivedPush = { path: request.url ?? '/', method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      all.push(push);
      void (gates.get(push.path) ?? Promise.resolve()).then(() => {
        response.statusCode = statuses.get(push.path) ?? 201;
        response.end();
      });
      const waiter = waiters.findIndex((candidate) => candidate.path === push.path);
      if (waiter >= 0) waiters.splice(waiter, 1)[0]?.resolve(push);
      else unclaimed.push(push);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    answer(path, status) {
      statuses.set(path, status);
    },
    hold(path) {
      let release = () => {};
      gates.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        gates.delete(path);
        release();
      };
    },
    waitForPush(path, timeoutMs = 5_000) {
      const ready = unclaimed.findIndex((push) => push.path === path);
      if (ready >= 0) return Promise.resolve(unclaimed.splice(ready, 1)[0] as ReceivedPush);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No push arrived at ${path} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          path,
          resolve(push) {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    received: () => [...all],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
