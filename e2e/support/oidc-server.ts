/**
 * webServer of the suite: a real OpenID Connect provider (oauth2-mock-server) on 127.0.0.1:4311 with
 * a signing key generated at start. Its authorize endpoint signs the person in without a form.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { OIDC_ISSUER_URL, OIDC_PERSON, OIDC_PORT } from './fixtures';

async function startOidcServer(): Promise<void> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');

  // The mock's default person ("johndoe") has no e-mail; a real provider sends these claims.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: OIDC_PERSON.subject,
      email: OIDC_PERSON.email,
      email_verified: true,
      preferred_username: OIDC_PERSON.username,
      name: OIDC_PERSON.name,
    });
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = {
      sub: OIDC_PERSON.subject,
      email: OIDC_PERSON.email,
      email_verified: true,
      preferred_username: OIDC_PERSON.username,
      name: OIDC_PERSON.name,
    };
  });

  // Left alone the mock names itself http://localhost:4311, which is not the issuer the app is
  // configured with; discovery then rightly refuses the metadata.
  server.issuer.url = OIDC_ISSUER_URL;
  await server.start(OIDC_PORT, '127.0.0.1');
  console.log(`Mock OpenID Connect provider at ${server.issuer.url ?? ''}`);

  const stop = () => {
    void server.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

startOidcServer().catch((error: unknown) => {
  console.error('The mock OpenID Connect provider could not start:', error);
  process.exit(1);
});
