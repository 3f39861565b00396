/**
 * Every page of the app's route table (apps/web/src/app/route-table.ts) on the demo marketplace, as
 * the person each page is for: a visitor, the demo buyer, the demo seller (in seller mode) and the
 * demo agent. Shared by the screenshot script (screenshots/take-screenshots.ts) and the accessibility
 * walk (tests/accessibility-layout.spec.ts), so both visit the same pages with the same ids.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { build } from 'esbuild';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from './fixtures-demo';
import { linguiAsEnglish } from './lingui-stub';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type Persona = 'visitor' | DemoUserKey;

export const PERSONAS: readonly Persona[] = ['visitor', 'buyer', 'seller', 'agent'];

export interface RouteRow {
  id: string;
  path: string;
  title: string;
  access: 'public' | 'signed-in';
  redirectTo?: string;
}

/**
 * Who each page is for, where it is not "a visitor" (public pages) or "the buyer" (other signed-in
 * pages). The seller's pages are visited in seller mode.
 */
const PERSONAS_BY_ROUTE: Readonly<Record<string, readonly Persona[]>> = {
  root: ['visitor', 'buyer'],
  'product-details': ['visitor', 'buyer'],
  'seller-dashboard': ['seller'],
  'seller-profile': ['seller'],
  'catalogue-search': ['seller'],
  'add-product': ['seller'],
  'seller-product': ['seller'],
  'refunds-history': ['seller'],
  'seller-application-status': ['seller'],
  messages: ['buyer', 'seller'],
  notifications: ['buyer', 'seller'],
  order: ['buyer', 'seller'],
  wallet: ['buyer', 'seller', 'agent'],
  'agent-dashboard': ['agent'],
  'agent-referrals': ['agent'],
  'agent-messages': ['agent'],
  'logistics-tasks': ['agent'],
  'agent-application-status': ['agent'],
  'order-delivery': ['buyer', 'agent'],
};

/** Routes without a page of their own: redirects, the Hub's catch-all, and the admin's (no demo admin; /admin/system redirects to /admin). */
const SKIPPED_ROUTES = new Set(['hub', 'hub-other', 'hub-own-profile', 'admin', 'admin-system']);

/**
 * The app's route table, read from its source: bundled with every page module replaced by a stub
 * (the table only names them), so the list of pages here is always the app's own. Without the
 * routes that have no page of their own.
 */
export async function loadWalkedRoutes(): Promise<RouteRow[]> {
  const result = await build({
    entryPoints: [resolve(repoRoot, 'apps/web/src/app/route-table.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins: [
      {
        name: 'stub-pages',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^\.\.\/(features|components)\// }, (args) => ({ path: args.path, namespace: 'page-stub' }));
          pluginBuild.onLoad({ filter: /.*/, namespace: 'page-stub' }, () => ({ contents: 'export const ProductListingPage = null;', loader: 'js' }));
          // The table's titles are Lingui messages (decision 046): read as their English text.
          linguiAsEnglish.setup(pluginBuild);
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.text;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { ROUTE_TABLE: RouteRow[] };
  return module.ROUTE_TABLE.map(({ id, path, title, access, redirectTo }) => ({ id, path, title, access, redirectTo })).filter(
    (route) => !SKIPPED_ROUTES.has(route.id),
  );
}

export function personasFor(route: RouteRow): readonly Persona[] {
  return PERSONAS_BY_ROUTE[route.id] ?? (route.access === 'public' ? ['visitor'] : ['buyer']);
}

/** A JSON call to the demo server at `baseUrl`, as `token` (or nobody); throws on any non-2xx. */
export async function demoApi<T>(baseUrl: string, path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export type DemoTokens = Record<DemoUserKey, string>;

/** Signs the demo buyer, seller and agent in once each (POST /api/auth/login). */
export async function signInDemoUsers(baseUrl: string): Promise<DemoTokens> {
  const signIn = async (persona: DemoUserKey) =>
    (await demoApi<{ token: string }>(baseUrl, '/api/auth/login', null, { method: 'POST', body: { email: DEMO_USERS[persona].email, password: DEMO_PASSWORD } })).token;
  return { buyer: await signIn('buyer'), seller: await signIn('seller'), agent: await signIn('agent') };
}

interface Items<T> {
  items: T[];
}

export type RouteParams = Record<Persona, Record<string, string | undefined>>;

/** Real ids for the routes with parameters, per persona (the buyer's own order, the seller's own product...). */
export async function resolveParams(baseUrl: string, tokens: DemoTokens): Promise<RouteParams> {
  const api = <T>(path: string, token: string | null) => demoApi<T>(baseUrl, path, token);
  const products = await api<Items<{ id: string; availableQuantity: number }>>('/api/products?limit=24', null);
  const product = products.items.find((item) => item.availableQuantity > 0) ?? products.items[0];
  const sellerProducts = await api<Items<{ id: string }>>('/api/seller/products?limit=1', tokens.seller);
  const buyerOrders = await api<Items<{ id: string; fulfilment: string }>>('/api/orders?role=buyer&limit=50', tokens.buyer);
  const sellerOrders = await api<Items<{ id: string }>>('/api/orders?role=seller&limit=1', tokens.seller);
  const agentTasks = await api<Items<{ orderId: string }>>('/api/delivery/tasks/mine', tokens.agent);
  const chats = await api<Items<{ id: string }>>('/api/conversations', tokens.buyer);
  const feed = await api<Items<{ id: string; author: { username: string } }>>('/api/hub/feed', tokens.buyer);
  // The demo buyer's weekly basket (issue 28); none (the page is not walked) on a server without them.
  const standingOrders = await api<Items<{ id: string }>>('/api/standing-orders', tokens.buyer).catch(() => ({ items: [] }));
  return {
    visitor: { productId: product?.id },
    buyer: {
      productId: product?.id,
      orderId: buyerOrders.items.find((order) => order.fulfilment === 'delivery')?.id ?? buyerOrders.items[0]?.id,
      chatId: chats.items[0]?.id,
      username: feed.items[0]?.author.username,
      id: feed.items[0]?.id,
      standingOrderId: standingOrders.items[0]?.id,
    },
    seller: { productId: sellerProducts.items[0]?.id, orderId: sellerOrders.items[0]?.id },
    agent: { orderId: agentTasks.items[0]?.orderId },
  };
}

/** The route's address for a persona, or null when a parameter has no value in the demo data. */
export function fillPath(route: RouteRow, params: Record<string, string | undefined>): string | null {
  if (route.path === '*') return '/this-page-does-not-exist';
  let missing = false;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : path;
}

/**
 * Signs a fresh context in as the app keeps a session (spec §9): the token and the mode in session
 * storage before any script, so every page opens signed in without the login form. The seller is
 * in seller mode.
 */
export async function keepSession(context: BrowserContext, persona: Persona, token: string | null): Promise<void> {
  if (!token) return;
  await context.addInitScript(
    ({ jwt, mode }) => {
      sessionStorage.setItem('jwt_token', jwt);
      sessionStorage.setItem('userMode', mode);
    },
    { jwt: token, mode: persona === 'seller' ? 'seller' : 'buyer' },
  );
}
