import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../../plugins/auth';
import { rateLimitFor } from '../../../plugins/rate-limits';
import { mcpAuthenticate, mcpChallenge } from './mcp-auth';
import { mcpDiscoveryRoutes } from './mcp-discovery-routes';
import { createPulseMcpServer } from './mcp-server';

export const MCP_PATH = '/api/mcp';
// eslint-disable-next-line no-restricted-syntax -- a JSON-RPC error for MCP clients (programs), not for people
export const MCP_STATELESS_MESSAGE = 'This MCP endpoint is stateless: send JSON-RPC messages with POST (Streamable HTTP).';

/**
 * POST /api/mcp: the Model Context Protocol endpoint (issue 14 §5), Streamable HTTP in stateless
 * mode with JSON responses. Signed in as the session of the bearer token (or cookie), exactly as
 * every other route; a visitor gets the API's 401. Each request gets its own MCP server whose tools
 * act as that user, and the SDK's transport answers on the raw Node response (the reply is
 * hijacked, the JSON body Fastify already parsed is handed over).
 *
 * GET (a server-to-client event stream) and DELETE (ending a session) mean nothing without
 * sessions: 405, which MCP clients take as "not offered".
 *
 * Every 401 here carries `WWW-Authenticate` naming the protected resource metadata this plugin
 * also serves (decision 043), so a client can find out how to sign in.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  await app.register(mcpDiscoveryRoutes(MCP_PATH));

  // This plugin's scope only: the rest of the API answers 401 as it always did.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401) reply.header('www-authenticate', mcpChallenge(app, request));
    return payload;
  });

  const routeOptions = {
    preValidation: mcpAuthenticate(app),
    // Per signed-in user, after `authenticate` (RATE_LIMIT_MCP_PER_MINUTE): an agent's whole session fits easily.
    config: { rateLimit: rateLimitFor(app.config, 'mcp') },
  };

  app.post(MCP_PATH, routeOptions, async (request, reply) => {
    const user = requireUser(request);
    const server = createPulseMcpServer(app, user);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);

    // Headers the app's hooks already chose (security headers, CORS) go out with the SDK's answer.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
    }
    reply.hijack();
    try {
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
      } else {
        reply.raw.end();
      }
    }
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      ...routeOptions,
      handler: async (_request, reply) =>
        reply.code(405).header('allow', 'POST').send({ error: { code: 'bad_request', message: MCP_STATELESS_MESSAGE } }),
    });
  }
};
