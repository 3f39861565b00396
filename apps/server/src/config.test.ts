import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      redisUrl: null,
      jwtSecret: null,
      appName: 'Pulse Market',
      publicUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      logLevel: 'info',
      oidc: null,
      loginRateLimit: 10,
      loginRateWindowSeconds: 900,
      bodyLimitBytes: 1_048_576,
    });
    expect(config.dataDir).toBe(resolve(dirname(fileURLToPath(import.meta.url)), '../../../data'));
    expect(config.vapidSubject).toBeNull();
  });

  it('takes a VAPID contact for web push', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@market.example.com' }).vapidSubject).toBe('mailto:ops@market.example.com');
  });

  it('finds the web build next to the server, whatever the working directory', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    expect(loadConfig({}).webDistDir).toBe(resolve(here, '../../web/dist'));
  });

  it('derives PUBLIC_URL and CORS_ORIGINS from PORT, and reads lists', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://market.example.com/', CORS_ORIGINS: 'https://a.example.com, https://b.example.com/' });
    expect(config.publicUrl).toBe('https://market.example.com');
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it('enables OpenID Connect with a default button name', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'market' });
    expect(config.oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'market', clientSecret: null, name: 'SSO' });
  });

  it('counts in Ghana cedis by default, with tips and delivery fees in cedis (GH₵5-5,000; 10, 20, 50, 100; GH₵35/70/140)', () => {
    const config = loadConfig({});
    expect(config.currency).toBe('GHS');
    expect(config.hubTips).toEqual({ minMinor: 500, maxMinor: 500_000, presetsMinor: [1000, 2000, 5000, 10_000] });
    expect(config.deliveryFeeBands.map((band) => band.feeMinor)).toEqual([3500, 7000, 14_000]);
    expect(loadConfig({ CURRENCY: 'XOF' }).currency).toBe('XOF');
  });

  it('reads Pulse Hub tip bounds and presets, defaulting to 0.50-500.00 with 1, 2, 5 and 10', () => {
    expect(loadConfig({ CURRENCY: 'USD' }).hubTips).toEqual({ minMinor: 50, maxMinor: 50_000, presetsMinor: [100, 200, 500, 1000] });
    expect(loadConfig({ HUB_TIP_MIN_MINOR: '10', HUB_TIP_MAX_MINOR: '2000', HUB_TIP_PRESETS_MINOR: '25, 75,2000' }).hubTips).toEqual({
      minMinor: 10,
      maxMinor: 2000,
      presetsMinor: [25, 75, 2000],
    });
  });

  it.each([
    [{ HUB_TIP_MIN_MINOR: '0' }, 'Invalid configuration: HUB_TIP_MIN_MINOR must be a whole number of minor units, at least 1'],
    [{ HUB_TIP_MIN_MINOR: '600', HUB_TIP_MAX_MINOR: '500' }, 'Invalid configuration: HUB_TIP_MIN_MINOR must not be above HUB_TIP_MAX_MINOR'],
    [{ HUB_TIP_PRESETS_MINOR: '100,abc' }, 'Invalid configuration: HUB_TIP_PRESETS_MINOR entry "abc" must be a whole number of minor units'],
    [{ HUB_TIP_PRESETS_MINOR: '100,60000' }, 'Invalid configuration: HUB_TIP_PRESETS_MINOR entries must lie between HUB_TIP_MIN_MINOR and HUB_TIP_MAX_MINOR'],
  ])('refuses bad tip settings: %o', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number between 1 and 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a number between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL'],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters long'],
    [{ PUBLIC_URL: 'market.example.com' }, 'Invalid configuration: PUBLIC_URL must be an absolute http(s) URL such as https://market.example.com'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ LOGIN_RATE_LIMIT: '0' }, 'Invalid configuration: LOGIN_RATE_LIMIT must be a whole number of attempts, at least 1'],
    [{ LOGIN_RATE_WINDOW_SECONDS: '15m' }, 'Invalid configuration: LOGIN_RATE_WINDOW_SECONDS must be a number of seconds, at least 1'],
    [{ BODY_LIMIT_BYTES: '-1' }, 'Invalid configuration: BODY_LIMIT_BYTES must be a number of bytes between 1024 and 1073741824'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'Invalid configuration: OIDC_CLIENT_ID must be set when OIDC_ISSUER is set'],
    [{ CORS_ORIGINS: 'https://ok.example.com,not a url' }, 'Invalid configuration: CORS_ORIGINS entry "not a url" is not a URL'],
    [{ VAPID_SUBJECT: 'webmaster@example.com' }, 'Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https:// URL'],
  ])('names the bad variable: %o', (env, message) => {
    expect(configError(env)).toBe(message);
  });
});

describe('the payment provider settings', () => {
  const KEY = 'sk_test_0123456789abcdef0123456789abcdef01234567';

  it('uses the sandbox by default, with no Paystack settings', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'sandbox', paystack: null });
    expect(loadConfig({ PAYSTACK_SECRET_KEY: KEY }).paystack).toBeNull();
  });

  it('takes Paystack with a test or live key, at api.paystack.co unless told otherwise', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: KEY })).toMatchObject({
      paymentProvider: 'paystack',
      paystack: { secretKey: KEY, baseUrl: 'https://api.paystack.co' },
    });
    const live = loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123' });
    expect(live.paystack?.secretKey).toBe('sk_live_abc123');
    const double = loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'http://127.0.0.1:4010/' });
    expect(double.paystack?.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'stripe' }, 'Invalid configuration: PAYMENT_PROVIDER must be one of sandbox, paystack'],
    [
      { PAYMENT_PROVIDER: 'paystack' },
      'Invalid configuration: PAYSTACK_SECRET_KEY must be set when PAYMENT_PROVIDER is paystack (sk_test_... or sk_live_..., from Settings > API Keys & Webhooks)',
    ],
    [
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'pk_test_0123456789' },
      'Invalid configuration: PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_... or sk_live_..., from Settings > API Keys & Webhooks)',
    ],
    [
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'api.paystack.co' },
      'Invalid configuration: PAYSTACK_BASE_URL must be an absolute http(s) URL such as https://api.paystack.co',
    ],
    [
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'ftp://api.paystack.co' },
      'Invalid configuration: PAYSTACK_BASE_URL must be an absolute http(s) URL such as https://api.paystack.co',
    ],
    [
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123', PAYSTACK_BASE_URL: 'http://paystack.example.com' },
      'Invalid configuration: PAYSTACK_BASE_URL must be an https:// URL with a live key (sk_live_...)',
    ],
    [
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', CURRENCY: 'EUR' },
      'Invalid configuration: CURRENCY must be one Paystack takes (GHS, KES, NGN, ZAR, USD) when PAYMENT_PROVIDER is paystack',
    ],
  ])('names the bad payment setting: %o', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it('sweeps payments every 30 s by default, verifying payments after 1 minute and events after 2, or as told', () => {
    expect(loadConfig({}).paymentSweep).toEqual({ intervalMs: 30_000, verifyAfterMs: 60_000, eventRetryAfterMs: 120_000 });
    expect(loadConfig({ PAYMENT_SWEEP_INTERVAL_SECONDS: '1', PAYMENT_SWEEP_AFTER_SECONDS: '2', PAYMENT_SWEEP_EVENTS_AFTER_SECONDS: '3' }).paymentSweep).toEqual({
      intervalMs: 1000,
      verifyAfterMs: 2000,
      eventRetryAfterMs: 3000,
    });
  });

  it.each([
    [{ PAYMENT_SWEEP_INTERVAL_SECONDS: '0' }, 'Invalid configuration: PAYMENT_SWEEP_INTERVAL_SECONDS must be a number of seconds between 1 and 3600'],
    [{ PAYMENT_SWEEP_INTERVAL_SECONDS: '1.5' }, 'Invalid configuration: PAYMENT_SWEEP_INTERVAL_SECONDS must be a number of seconds between 1 and 3600'],
    [{ PAYMENT_SWEEP_AFTER_SECONDS: '1801' }, 'Invalid configuration: PAYMENT_SWEEP_AFTER_SECONDS must be a number of seconds between 1 and 1800'],
    [{ PAYMENT_SWEEP_EVENTS_AFTER_SECONDS: 'soon' }, 'Invalid configuration: PAYMENT_SWEEP_EVENTS_AFTER_SECONDS must be a number of seconds between 1 and 1800'],
  ])('names the bad sweep setting: %o', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it('never repeats the secret key in an error', () => {
    const secret = 'sk_test_has a space';
    expect(configError({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: secret })).not.toContain('has a space');
  });
});
