import type { FastifyPluginAsync } from 'fastify';
import { PROTECTED_RESOURCE_METADATA_PATH } from './mcp-auth';

export const MCP_RESOURCE_NAME = 'Pulse Market';

/** RFC 9728 §2: what an MCP client learns about the endpoint before it signs in. */
export function protectedResourceMetadata(publicUrl: string, mcpPath: string) {
  return {
    resource: `${publicUrl}${mcpPath}`,
    resource_name: MCP_RESOURCE_NAME,
    // The session token of POST /api/auth/login or of single sign-on, as `Authorization: Bearer`.
    bearer_methods_supported: ['header'],
    // Where that sign-in is described (the API reference); no OAuth authorization server is named
    // because this server issues its own session tokens (decision 043).
    resource_documentation: `${publicUrl}/api/docs`,
  };
}

/**
 * GET /.well-known/oauth-protected-resource (the address every 401 of /api/mcp names) and its
 * path-aware twin /.well-known/oauth-protected-resource/api/mcp (RFC 9728 §3.1, which MCP clients
 * try first): the same public document. Browser-based clients (the MCP Inspector) read it from
 * another origin, so any origin may.
 */
export function mcpDiscoveryRoutes(mcpPath: string): FastifyPluginAsync {
  return async (app) => {
    const document = protectedResourceMetadata(app.config.publicUrl, mcpPath);
    for (const url of [PROTECTED_RESOURCE_METADATA_PATH, `${PROTECTED_RESOURCE_METADATA_PATH}${mcpPath}`]) {
      app.get(url, async (_request, reply) =>
        reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600').send(document),
      );
    }
  };
}
