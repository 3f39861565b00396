import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { readRequestToken } from '../../../plugins/auth';
import type { WrappingHook } from '../../../plugins/openapi';
import { UnauthorizedError } from '../../../errors/domain-errors';

/**
 * Sign-in for the MCP endpoint as the MCP authorization spec asks of a protected resource
 * (RFC 6750 §3, RFC 9728 §5.1, decision 043): every 401 carries `WWW-Authenticate: Bearer` with
 * the address of the protected resource metadata, so a client can discover how to sign in; a
 * token that was sent but is refused also says `error="invalid_token"`. The session rules are the
 * API's own (`app.authenticate`); only the words differ: a token that was never one of ours is
 * "not valid", not "expired".
 */

export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
// eslint-disable-next-line no-restricted-syntax -- for MCP clients (programs), in the WWW-Authenticate header's ASCII, not for people
export const MCP_INVALID_TOKEN_MESSAGE = 'This access token is not a Pulse Market sign-in token. Sign in again and send the token the sign-in returns.';

/** The token's failure as RFC 6750 words it; none when no token came. */
const refusedTokens = new WeakMap<FastifyRequest, string>();

export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}${PROTECTED_RESOURCE_METADATA_PATH}`;
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

/** Ours, signed by this server (perhaps expired or signed out since), or not a session token at all. */
async function isOurToken(secret: string, token: string): Promise<boolean> {
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return true;
  } catch (error) {
    return error instanceof joseErrors.JWTExpired;
  }
}

/** preValidation for the MCP routes: the API's `authenticate`, with a malformed or forged token named as such. */
export function mcpAuthenticate(app: FastifyInstance) {
  // `wraps`: the OpenAPI document reads this hook as `authenticate` (401, bearer and cookie schemes).
  const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await app.authenticate(request, reply);
    } catch (error) {
      const token = readRequestToken(request);
      if (!(error instanceof UnauthorizedError) || !token) throw error;
      if (await isOurToken(app.jwtSecret, token)) {
        refusedTokens.set(request, error.message);
        throw error;
      }
      refusedTokens.set(request, MCP_INVALID_TOKEN_MESSAGE);
      throw new UnauthorizedError(MCP_INVALID_TOKEN_MESSAGE);
    }
  };
  return Object.assign(hook, { wraps: app.authenticate } satisfies WrappingHook);
}

/** The challenge of a 401 on an MCP route. */
export function mcpChallenge(app: FastifyInstance, request: FastifyRequest): string {
  const parts = [`Bearer resource_metadata=${quoted(protectedResourceMetadataUrl(app.config.publicUrl))}`];
  const refused = refusedTokens.get(request);
  if (refused) parts.push(`error="invalid_token"`, `error_description=${quoted(refused)}`);
  return parts.join(', ');
}
