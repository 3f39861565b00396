import type { Browser, BrowserContext, Page, Request, WebSocket } from '@playwright/test';
import type { FixtureUser } from './fixtures';
import { signInThroughApi } from './sign-in';

const ANNOUNCE_TIMEOUT_MS = 15_000;

/**
 * Resolves when this page's socket has announced its user (`userConnected`), i.e. the server will
 * deliver the user's events to it. Socket.IO may send it over long polling or, after the upgrade,
 * over the WebSocket, so both are watched. Call it before the navigation that connects.
 */
export function waitForRealtimeAnnounce(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const isAnnounce = (payload: string | Buffer | null) => payload !== null && payload.toString().includes('"userConnected"');
    const onRequest = (request: Request) => {
      if (request.url().includes('/socket.io/') && request.method() === 'POST' && isAnnounce(request.postData())) finish();
    };
    const onWebSocket = (socket: WebSocket) => {
      socket.on('framesent', (frame) => {
        if (isAnnounce(frame.payload)) finish();
      });
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The page's socket did not announce its user within ${ANNOUNCE_TIMEOUT_MS} ms`));
    }, ANNOUNCE_TIMEOUT_MS);
    function stop() {
      clearTimeout(timer);
      page.off('request', onRequest);
      page.off('websocket', onWebSocket);
    }
    function finish() {
      stop();
      resolve();
    }
    page.on('request', onRequest);
    page.on('websocket', onWebSocket);
  });
}

/** Signs `user` in on `page`, opens `path` and waits until the page's socket receives the user's events. */
export async function openLive(page: Page, user: Pick<FixtureUser, 'email'> | { email: string }, path: string): Promise<void> {
  await signInThroughApi(page, user, '/home');
  const announced = waitForRealtimeAnnounce(page);
  await page.goto(path);
  await announced;
}

/**
 * A second person in a browser of their own (cookies, storage and socket apart from the first).
 * Playwright Test gives contexts made here the project's options (phone viewport, base URL).
 */
export async function openSecondPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}
