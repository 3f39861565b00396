import { createServer, type AddressInfo } from 'node:net';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ASSISTANT_TOOLS } from '@pulse/contract/assistant';
import type { TBasketResponse } from '@pulse/contract/baskets';
import { SESSION_EXPIRED_MESSAGE } from '../../../plugins/auth';
import { bearer } from '../../../testing/auth-helpers';
import { signSessionToken } from '../../auth/session-tokens';
import { createTestApp, type TestApp } from '../../../testing/create-test-app';
import { createBuyer, createProduct, createSeller, placePaidOrder, type TestUser } from '../../orders/testing/order-fixtures';
import { PRODUCT_NOT_FOUND_MESSAGE } from '../../products/products-service';
import { ORDER_NOT_FOUND_TEXT } from '../assistant-tools';
import { MCP_INVALID_TOKEN_MESSAGE } from './mcp-auth';
import { MCP_STATELESS_MESSAGE } from './mcp-routes';

/**
 * The Model Context Protocol endpoint as another assistant sees it: the SDK's own client over
 * Streamable HTTP against the app listening on a real port, signed in with a session token. The
 * app's public URL is that port, so the discovery documents name addresses a client can follow.
 */

let testApp: TestApp;
let baseUrl: string;
let seller: TestUser;
let organicTomatoesId: string;
let plainTomatoesId: string;
let yamsId: string;
const clients: Client[] = [];

async function connect(token: string | null): Promise<Client> {
  const client = new Client({ name: 'pulse-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
    requestInit: token ? { headers: bearer(token) } : {},
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** A port nobody listens on right now, so PUBLIC_URL can name it before the app starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function unauthorized(token: string | null): Promise<Response> {
  return fetch(`${baseUrl}/api/mcp`, {
    method: 'POST',
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

beforeAll(async () => {
  const port = await freePort();
  testApp = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  seller = await createSeller(testApp.app, 'Ejisu Green Farm');
  organicTomatoesId = await createProduct(testApp.app, seller.id, {
    title: 'Organic Roma Tomatoes',
    category: 'vegetables',
    organic: true,
    priceMinor: 450,
    originFarmName: 'Ejisu Green Farm',
  });
  plainTomatoesId = await createProduct(testApp.app, seller.id, { title: 'Beef Tomatoes', category: 'vegetables', organic: false, priceMinor: 300 });
  yamsId = await createProduct(testApp.app, seller.id, { title: 'White Yams', category: 'vegetables', priceMinor: 900 });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await testApp?.close();
});

describe('POST /api/mcp', () => {
  it('lists the five assistant tools with the input schemas of the contract', async () => {
    const buyer = await createBuyer(testApp.app);
    const client = await connect(buyer.token);
    expect(client.getServerVersion()?.name).toBe('pulse-market');

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['add_to_basket', 'get_product', 'my_orders', 'order_status', 'search_products']);
    const search = tools.find((tool) => tool.name === 'search_products');
    expect(search?.description).toBe(ASSISTANT_TOOLS.search_products.description);
    const { $schema: _schema, ...expected } = z.toJSONSchema(ASSISTANT_TOOLS.search_products.input, { io: 'input' });
    expect(search?.inputSchema).toMatchObject({ type: 'object', properties: expected.properties });
    expect(tools.find((tool) => tool.name === 'add_to_basket')?.inputSchema.required).toEqual(['productId', 'quantity']);
  });

  it('search_products finds the catalogue products that match, and only those', async () => {
    const buyer = await createBuyer(testApp.app);
    const client = await connect(buyer.token);
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'tomatoes', organic: true } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toContain(organicTomatoesId);
    expect(text).toContain('Organic Roma Tomatoes');
    expect(text).not.toContain(plainTomatoesId);
    expect(text).not.toContain(yamsId);
    expect(result.structuredContent).toBeTypeOf('object');
  });

  it('get_product answers one product, and "not found" for an id that does not exist', async () => {
    const buyer = await createBuyer(testApp.app);
    const client = await connect(buyer.token);
    const found = await client.callTool({ name: 'get_product', arguments: { productId: yamsId } });
    expect(found.isError).toBeFalsy();
    expect(textOf(found)).toContain('White Yams');

    const missing = await client.callTool({ name: 'get_product', arguments: { productId: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(PRODUCT_NOT_FOUND_MESSAGE);
  });

  it('add_to_basket puts the product in the signed-in user’s own basket', async () => {
    const buyer = await createBuyer(testApp.app);
    const other = await createBuyer(testApp.app);
    const client = await connect(buyer.token);
    const result = await client.callTool({ name: 'add_to_basket', arguments: { productId: organicTomatoesId, quantity: 2 } });
    expect(result.isError, textOf(result)).toBeFalsy();

    const basket = (await testApp.app.inject({ method: 'GET', url: '/api/baskets', headers: bearer(buyer.token) })).json<TBasketResponse>();
    expect(JSON.stringify(basket)).toContain(organicTomatoesId);
    const othersBasket = (await testApp.app.inject({ method: 'GET', url: '/api/baskets', headers: bearer(other.token) })).json<TBasketResponse>();
    expect(JSON.stringify(othersBasket)).not.toContain(organicTomatoesId);
  });

  it('my_orders and order_status show the caller’s orders only', async () => {
    const mine = await placePaidOrder(testApp.app);
    const theirs = await placePaidOrder(testApp.app);
    const client = await connect(mine.buyer.token);

    const orders = textOf(await client.callTool({ name: 'my_orders', arguments: {} }));
    expect(orders).toContain(mine.order.id);
    expect(orders).not.toContain(theirs.order.id);

    const status = await client.callTool({ name: 'order_status', arguments: { orderId: mine.order.id } });
    expect(status.isError, textOf(status)).toBeFalsy();
    expect(textOf(status)).toContain(mine.order.id);

    // Another user's order is answered exactly like one that does not exist.
    const someoneElses = await client.callTool({ name: 'order_status', arguments: { orderId: theirs.order.id } });
    expect(JSON.parse(textOf(someoneElses))).toEqual({ order: null, message: ORDER_NOT_FOUND_TEXT });
    expect(textOf(someoneElses)).not.toContain(theirs.seller.username);
  });

  it('refuses arguments that break the tool schema without calling the tool', async () => {
    const buyer = await createBuyer(testApp.app);
    const client = await connect(buyer.token);
    const result = await client.callTool({ name: 'add_to_basket', arguments: { productId: 'not-an-id', quantity: -1 } });
    expect(result.isError).toBe(true);
    const basket = (await testApp.app.inject({ method: 'GET', url: '/api/baskets', headers: bearer(buyer.token) })).json<TBasketResponse>();
    expect(JSON.stringify(basket)).not.toContain('not-an-id');
  });

  it('a visitor (no token) gets 401 and no MCP session', async () => {
    const attempt = connect(null);
    await expect(attempt).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(attempt).rejects.toMatchObject({ code: 401 });

    const response = await fetch(`${baseUrl}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('a stale token gets 401', async () => {
    const buyer = await createBuyer(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(buyer.token) });
    await expect(connect(buyer.token)).rejects.toMatchObject({ code: 401 });
  });

  it('GET and DELETE answer 405 (stateless: no server stream, no session to end)', async () => {
    const buyer = await createBuyer(testApp.app);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${baseUrl}/api/mcp`, { method, headers: { ...bearer(buyer.token), accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(MCP_STATELESS_MESSAGE);
    }
  });

  it.each([
    ['not JSON-RPC', JSON.stringify({ unexpected: ['not', 'json-rpc'] })],
    ['empty', ''],
  ])('a body that is %s is a client error, never a 5xx', async (_name, payload) => {
    const buyer = await createBuyer(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...bearer(buyer.token), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('MCP for real clients (decision 043)', () => {
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  it('every tool carries a title, behaviour annotations and an output schema', async () => {
    const buyer = await createBuyer(testApp.app);
    const { tools } = await (await connect(buyer.token)).listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['search_products', 'get_product', 'my_orders', 'order_status']) {
      expect(byName.get(name)?.annotations, name).toMatchObject(readOnly);
    }
    expect(byName.get('add_to_basket')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
    expect(byName.get('my_orders')?.outputSchema?.required).toEqual(['orders']);
    expect(byName.get('get_product')?.outputSchema?.required).toEqual(expect.arrayContaining(['id', 'title', 'priceMinor', 'seller']));
  });

  it('each tool answers structuredContent that validates against its advertised outputSchema, and the same JSON as text', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app);
    const client = await connect(buyer.token);
    const { tools } = await client.listTools();
    // The SDK advertises draft-07 schemas (their $schema), as zod writes them for it.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const calls: Record<string, Record<string, unknown>> = {
      search_products: { query: 'tomatoes' },
      get_product: { productId: yamsId },
      my_orders: {},
      order_status: { orderId: order.id },
      add_to_basket: { productId: yamsId, quantity: 1 },
    };
    expect(Object.keys(calls).sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const tool of tools) {
      const result = (await client.callTool({ name: tool.name, arguments: calls[tool.name] })) as CallToolResult;
      expect(result.isError, `${tool.name}: ${textOf(result)}`).toBeFalsy();
      const validate = ajv.compile(tool.outputSchema!);
      expect(validate(result.structuredContent), `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    }
    // Not an empty object that happens to fit: the answers carry the data asked for.
    const search = await client.callTool({ name: 'search_products', arguments: { query: 'tomatoes', organic: true } });
    expect(search.structuredContent).toMatchObject({ items: [{ id: organicTomatoesId, title: 'Organic Roma Tomatoes' }], near: null });
    const status = await client.callTool({ name: 'order_status', arguments: { orderId: order.id } });
    expect(status.structuredContent).toMatchObject({ order: { id: order.id, status: 'paid' }, message: null });
  });

  it('a 401 names the protected resource metadata, which resolves as the SDK discovers it', async () => {
    const response = await unauthorized(null);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate');
    expect(challenge).toBe(`Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`);
    const { resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
    expect(error).toBeUndefined();

    const viaHeader = await discoverOAuthProtectedResourceMetadata(new URL(`${baseUrl}/api/mcp`), { resourceMetadataUrl });
    expect(viaHeader).toMatchObject({
      resource: `${baseUrl}/api/mcp`,
      resource_name: 'Pulse Market',
      bearer_methods_supported: ['header'],
      resource_documentation: `${baseUrl}/api/docs`,
    });
    // Without the header, the SDK tries the path-aware address of RFC 9728 §3.1 first.
    expect(await discoverOAuthProtectedResourceMetadata(new URL(`${baseUrl}/api/mcp`))).toEqual(viaHeader);
    const raw = await fetch(`${baseUrl}/.well-known/oauth-protected-resource/api/mcp`);
    expect(raw.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a malformed or forged token is an invalid_token 401 that says so, not "session expired"', async () => {
    const forged = await signSessionToken('not-this-server-secret-0123456789abcdef', {
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      issuedAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    for (const token of ['not-a-token', forged]) {
      const response = await unauthorized(token);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(MCP_INVALID_TOKEN_MESSAGE);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource", error="invalid_token", error_description="${MCP_INVALID_TOKEN_MESSAGE}"`,
      );
      expect(extractWWWAuthenticateParams(response).error).toBe('invalid_token');
    }
  });

  it('an expired or signed-out session of this server is an invalid_token 401 that says it expired', async () => {
    const buyer = await createBuyer(testApp.app);
    const expired = await signSessionToken(testApp.app.jwtSecret, {
      userId: buyer.id,
      sessionId: '00000000-0000-4000-8000-000000000003',
      issuedAt: new Date(Date.now() - 7_200_000),
      expiresAt: new Date(Date.now() - 3_600_000),
    });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(buyer.token) });
    for (const token of [expired, buyer.token]) {
      const response = await unauthorized(token);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SESSION_EXPIRED_MESSAGE);
      expect(extractWWWAuthenticateParams(response).error).toBe('invalid_token');
    }
  });

  it('the rest of the API keeps its plain 401', async () => {
    const response = await fetch(`${baseUrl}/api/orders`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});
