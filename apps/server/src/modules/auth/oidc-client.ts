import * as oidc from 'openid-client';
import type { Config } from '../../config';

type OidcConfig = NonNullable<Config['oidc']>;

export interface PendingOidcSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  preferredUsername: string | null;
  name: string | null;
  picture: string | null;
}

function readString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * One configured OpenID Connect issuer (authorization code + PKCE). Discovery happens on first
 * use and is retried after a failure, so the server starts even while the issuer is down.
 */
export class OidcClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: OidcConfig,
    private readonly redirectUri: string,
  ) {}

  /** `oidc:<issuer host>`: the user's `provider` value. */
  get provider(): string {
    return `oidc:${new URL(this.settings.issuer).host}`;
  }

  private discover(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret ?? undefined,
        this.settings.clientSecret ? undefined : oidc.None(),
        // An http issuer is only ever a local or test one; the operator chose it explicitly.
        new URL(this.settings.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  async createAuthorizationRequest(): Promise<{ url: URL; pending: PendingOidcSignIn }> {
    const configuration = await this.discover();
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Exchanges the code from the callback URL and returns who signed in. */
  async completeAuthorization(callbackUrl: URL, pending: PendingOidcSignIn): Promise<OidcClaims> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The issuer returned no ID token');
    let profile: Record<string, unknown> = { ...claims };
    // Some issuers keep e-mail and profile out of the ID token and only serve them from userinfo.
    if (!readString(profile.email) && configuration.serverMetadata().userinfo_endpoint) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      profile = { ...userInfo, ...profile, email: userInfo.email, email_verified: userInfo.email_verified };
    }
    return {
      subject: claims.sub,
      email: readString(profile.email),
      emailVerified: typeof profile.email_verified === 'boolean' ? profile.email_verified : null,
      preferredUsername: readString(profile.preferred_username) ?? readString(profile.nickname),
      name: readString(profile.name),
      picture: readString(profile.picture),
    };
  }
}
