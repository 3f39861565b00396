import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERRAL_BUYER_DAYS, REFERRAL_SELLER_DAYS, REFERRAL_SHARE_BPS, REFERRAL_WINDOW_DAYS } from '@pulse/contract/referrals';
import { z } from 'zod';

/** A bad environment value; the message names the variable so the operator can fix it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An S3-compatible bucket for uploaded images (S3_* variables); null means the local folder. */
export interface S3Config {
  bucket: string;
  /** Custom endpoint (MinIO, R2...); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** Null: the SDK's default credential chain (instance role, AWS_* variables...). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
}

/** Which requests the access log writes at info (issue 29): 4xx/5xx are always written. */
export const LOG_REQUESTS_MODES = ['errors', 'slow', 'all'] as const;
export type LogRequestsMode = (typeof LOG_REQUESTS_MODES)[number];

/** Operations (issue 29): metrics, access log, shutdown. */
export interface OpsConfig {
  /** GET /metrics on the main port answers only with `Authorization: Bearer <token>` (METRICS_TOKEN); null: not on the main port. */
  metricsToken: string | null;
  /** A separate metrics listener (METRICS_PORT), no token; null: none. */
  metricsPort: number | null;
  /** Where that listener binds (METRICS_HOST, default 127.0.0.1: never public by accident). */
  metricsHost: string;
  /** LOG_REQUESTS: errors (only 4xx/5xx), slow (those and requests over slowRequestMs; default) or all. */
  logRequests: LogRequestsMode;
  /** SLOW_REQUEST_MS (default 1000): a request that took longer is logged under LOG_REQUESTS=slow. */
  slowRequestMs: number;
  /** SHUTDOWN_GRACE_SECONDS (default 20): how long in-flight requests and jobs may take after SIGTERM. */
  shutdownGraceSeconds: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces are exported there over OTLP/HTTP; null: tracing off. */
  otlpEndpoint: string | null;
}

export interface Config {
  port: number;
  host: string;
  /** A folder, or `memory://` for a throw-away in-memory PGlite (tests). */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string | null;
  appName: string;
  publicUrl: string;
  corsOrigins: string[];
  webDistDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string | null; name: string } | null;
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  /** Lifetime of one session token; a used session gets a fresh one before it runs out (decision 051). */
  sessionTokenMinutes: number;
  /** "Keep me signed in": days of inactivity after which a kept session ends. */
  keepSignedInDays: number;
  /** Abuse limits beyond sign-in (decision 027): requests per window, per user when signed in, else per IP. */
  rateLimits: RateLimitsConfig;
  bodyLimitBytes: number;
  /** The contact push services may write to about this sender (RFC 8292); derived when unset. */
  vapidSubject: string | null;
  /** ISO 4217 code of the one currency of this deployment; amounts are integer minor units of it. */
  currency: string;
  /** Seed the demo marketplace on first start (a database without users); SEED_DEMO=false turns it off. */
  seedDemo: boolean;
  /** Which payment provider charges top-ups and payments and sends payouts (`sandbox`: built in, no outside service). */
  paymentProvider: PaymentProviderName;
  /** Paystack's secret key and API address; set only when paymentProvider is `paystack`. */
  paystack: PaystackConfig | null;
  /** The payments reconciliation sweep (issue 24): how often it runs and what it takes as left behind. */
  paymentSweep: PaymentSweepConfig;
  /** S3-compatible bucket for uploaded images; null keeps them in DATA_DIR/uploads. */
  s3: S3Config | null;
  /** Platform commission on a seller's part of an order, in basis points (1000 = 10%). */
  commissionBps: number;
  /** Delivery fee by distance, ascending; beyond the last band delivery is not offered. */
  deliveryFeeBands: Array<{ upToKm: number; feeMinor: number }>;
  /** Days after delivery when an order completes by itself (escrow released). */
  autoCompleteDays: number;
  /** Delivery tasks an agent may hold at once (claimed or in transit); issue 11. */
  agentMaxActiveTasks: number;
  /** Runs the in-process order timers (payment expiry, auto-complete) every 30 s. */
  orderTimers: boolean;
  /** Pulse Hub tips (issue 12): bounds and the preset amounts offered, in minor units. */
  hubTips: { minMinor: number; maxMinor: number; presetsMinor: number[] };
  /** Referral programme (issue 13): the agent's share of the commission and how long referred people earn. */
  referrals: { shareBps: number; buyerDays: number; sellerDays: number; windowDays: number };
  /** Outgoing mail (issue 25): SMTP when smtpUrl is set, else .eml files in DATA_DIR/mail; the outbox worker runs unless MAIL_WORKER=off. */
  mail: MailConfig;
  ops: OpsConfig;
  /** Pulse Assistant (issue 14): an OpenAI-compatible chat-completions endpoint to word answers; null = the built-in engine only. */
  assistantLlm: { url: string; model: string; apiKey: string | null; timeoutMs: number } | null;
}

/** One number per limited action; the window is in the name (RATE_LIMIT_<ACTION>_PER_<WINDOW>). */
export interface RateLimitsConfig {
  registerPerHour: number;
  uploadsPerHour: number;
  messagesPerMinute: number;
  hubPostsPerHour: number;
  hubCommentsPerMinute: number;
  assistantPerMinute: number;
  assistantVisitorPerMinute: number;
  referralVisitsPerMinute: number;
  mcpPerMinute: number;
  accountLookupsPerMinute: number;
  /** Checkout quotes and checkouts that carry discount codes, per user (decision 062: codes are not enumerable). */
  discountLookupsPerMinute: number;
  /** Payment provider webhooks per sending address (Paystack sends from a few addresses). */
  paymentWebhooksPerMinute: number;
  passwordResetsPerHour: number;
  passwordResetsPerEmailPerHour: number;
  /** E-mail confirmation and change-of-address mails a signed-in user may ask for (issue 25). */
  verificationMailsPerHour: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://...; null writes every mail to DATA_DIR/mail as an .eml file. */
  smtpUrl: string | null;
  /** The From header, e.g. `Pulse Market <no-reply@market.example.com>`. */
  from: string;
  /** Runs the outbox worker in this process (MAIL_WORKER=off: tests send with sendDueMails). */
  worker: boolean;
  /** How long a worker's claim on a mail lasts (MAIL_CLAIM_SECONDS, 300): a crashed worker's mails are sent again after it. */
  claimSeconds: number;
}

/** The payment providers built in: `sandbox` (no outside service, decides at once) and `paystack` (issue 24). */
export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

export interface PaystackConfig {
  /** sk_test_... or sk_live_...; only ever sent to Paystack (never logged, never sent to a browser). */
  secretKey: string;
  /** https://api.paystack.co, or a local double for tests and demos; no trailing slash. */
  baseUrl: string;
}

export interface PaymentSweepConfig {
  /** Time between two sweeps in one process (one also runs at start-up). */
  intervalMs: number;
  /** A payment still undecided this long after it started is verified by the sweep. */
  verifyAfterMs: number;
  /** A stored provider event not acted on this long after it arrived is acted on by the sweep. */
  eventRetryAfterMs: number;
}

export const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co';

/** The currencies Paystack settles in (its OpenAPI document's Currency list). */
const PAYSTACK_CURRENCIES: readonly string[] = ['GHS', 'KES', 'NGN', 'ZAR', 'USD'];

export const MEMORY_DATA_DIR = 'memory://';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Empty strings count as unset: `FOO= npm start` should mean "use the default". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

function integerIn(min: number, max: number, description: string) {
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, { message: `must be ${description}` })
      .transform(Number)
      .pipe(z.number().int().min(min, { message: `must be ${description}` }).max(max, { message: `must be ${description}` }))
      .optional(),
  );
}

function urlText(description: string) {
  return optionalText.pipe(
    z
      .string()
      .refine((value) => URL.canParse(value), { message: `must be ${description}` })
      .optional(),
  );
}

const ZEnvironment = z.object({
  SEED_DEMO: optionalText.pipe(z.enum(['true', 'false'], { message: 'must be true or false' }).optional()),
  PORT: integerIn(1, 65535, 'a number between 1 and 65535'),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
        message: 'must be a postgres:// or postgresql:// URL',
      })
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), { message: 'must be a redis:// or rediss:// URL' })
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, { message: 'must be at least 32 characters long' }).optional()),
  APP_NAME: optionalText,
  PUBLIC_URL: urlText('an absolute http(s) URL such as https://market.example.com').pipe(
    z
      .string()
      .refine((value) => /^https?:\/\//.test(value), { message: 'must be an absolute http(s) URL such as https://market.example.com' })
      .optional(),
  ),
  CORS_ORIGINS: optionalText,
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional()),
  TRUST_PROXY: optionalText.pipe(z.enum(['true', 'false'], { message: 'must be true or false' }).optional()),
  OIDC_ISSUER: urlText('an absolute URL (the OpenID Connect issuer)'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  LOGIN_RATE_LIMIT: integerIn(1, 1_000_000, 'a whole number of attempts, at least 1'),
  LOGIN_RATE_WINDOW_SECONDS: integerIn(1, 31_536_000, 'a number of seconds, at least 1'),
  SESSION_TOKEN_MINUTES: integerIn(2, 1440, 'a whole number of minutes between 2 and 1440'),
  KEEP_SIGNED_IN_DAYS: integerIn(1, 365, 'a whole number of days between 1 and 365'),
  RATE_LIMIT_REGISTER_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of sign-ups, at least 1'),
  RATE_LIMIT_UPLOADS_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of uploads, at least 1'),
  RATE_LIMIT_MESSAGES_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of messages, at least 1'),
  RATE_LIMIT_HUB_POSTS_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of posts, at least 1'),
  RATE_LIMIT_HUB_COMMENTS_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of comments, at least 1'),
  RATE_LIMIT_ASSISTANT_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of questions, at least 1'),
  RATE_LIMIT_ASSISTANT_VISITOR_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of questions, at least 1'),
  RATE_LIMIT_REFERRAL_VISITS_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of visits, at least 1'),
  RATE_LIMIT_MCP_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of requests, at least 1'),
  RATE_LIMIT_ACCOUNT_LOOKUPS_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of lookups, at least 1'),
  RATE_LIMIT_DISCOUNT_LOOKUPS_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of lookups, at least 1'),
  RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE: integerIn(1, 1_000_000, 'a whole number of webhook calls, at least 1'),
  RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of requests, at least 1'),
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of requests, at least 1'),
  RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR: integerIn(1, 1_000_000, 'a whole number of mails, at least 1'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => /^smtps?:\/\/[^/]/.test(value) && URL.canParse(value), { message: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587' })
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .refine((value) => /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.?[^\s@<>]*>?$/.test(value), { message: 'must be an address, or a name and an address such as Pulse Market <no-reply@market.example.com>' })
      .optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { message: 'must be at least 16 characters long' }).optional()),
  METRICS_PORT: integerIn(1, 65535, 'a number between 1 and 65535'),
  METRICS_HOST: optionalText,
  LOG_REQUESTS: optionalText.pipe(z.enum(LOG_REQUESTS_MODES, { message: `must be one of ${LOG_REQUESTS_MODES.join(', ')}` }).optional()),
  SLOW_REQUEST_MS: integerIn(1, 3_600_000, 'a whole number of milliseconds, at least 1'),
  SHUTDOWN_GRACE_SECONDS: integerIn(0, 3600, 'a whole number of seconds between 0 and 3600'),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlText('an absolute URL such as http://localhost:4318'),
  MAIL_WORKER: optionalText.pipe(z.enum(['on', 'off'], { message: 'must be on or off' }).optional()),
  MAIL_CLAIM_SECONDS: integerIn(1, 86_400, 'a whole number of seconds between 1 and 86400'),
  BODY_LIMIT_BYTES: integerIn(1024, 1_073_741_824, 'a number of bytes between 1024 and 1073741824'),
  CURRENCY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, { message: 'must be a three-letter ISO 4217 code such as USD' })
      .refine((code) => Intl.supportedValuesOf('currency').includes(code), { message: 'must be a currency code Intl knows, such as USD' })
      .optional(),
  ),
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(PAYMENT_PROVIDER_NAMES, { message: `must be one of ${PAYMENT_PROVIDER_NAMES.join(', ')}` }).optional()),
  // The message never repeats the value: it is a secret.
  PAYSTACK_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, { message: 'must be a Paystack secret key (sk_test_... or sk_live_..., from Settings > API Keys & Webhooks)' })
      .optional(),
  ),
  PAYSTACK_BASE_URL: urlText('an absolute http(s) URL such as https://api.paystack.co').pipe(
    z
      .string()
      .refine((value) => /^https?:\/\//.test(value), { message: 'must be an absolute http(s) URL such as https://api.paystack.co' })
      .optional(),
  ),
  PAYMENT_SWEEP_INTERVAL_SECONDS: integerIn(1, 3600, 'a number of seconds between 1 and 3600'),
  // At most 30 minutes: a payment the provider still calls pending by then is abandoned.
  PAYMENT_SWEEP_AFTER_SECONDS: integerIn(1, 1800, 'a number of seconds between 1 and 1800'),
  PAYMENT_SWEEP_EVENTS_AFTER_SECONDS: integerIn(1, 1800, 'a number of seconds between 1 and 1800'),
  COMMISSION_BPS: integerIn(0, 10_000, 'a number of basis points between 0 and 10000 (1000 = 10%)'),
  DELIVERY_FEE_BANDS: optionalText,
  AUTO_COMPLETE_DAYS: integerIn(1, 365, 'a number of days between 1 and 365'),
  AGENT_MAX_ACTIVE_TASKS: integerIn(1, 50, 'a number of tasks between 1 and 50'),
  ORDER_TIMERS: optionalText.pipe(z.enum(['on', 'off'], { message: 'must be on or off' }).optional()),
  HUB_TIP_MIN_MINOR: integerIn(1, 100_000_000, 'a whole number of minor units, at least 1'),
  HUB_TIP_MAX_MINOR: integerIn(1, 100_000_000, 'a whole number of minor units, at least 1'),
  HUB_TIP_PRESETS_MINOR: optionalText,
  // At most half: a buyer's agent and a farm's agent may both earn on one order.
  REFERRAL_SHARE_BPS: integerIn(0, 5_000, 'a number of basis points between 0 and 5000 (2000 = 20%)'),
  REFERRAL_BUYER_DAYS: integerIn(1, 3650, 'a number of days between 1 and 3650'),
  REFERRAL_SELLER_DAYS: integerIn(1, 3650, 'a number of days between 1 and 3650'),
  REFERRAL_WINDOW_DAYS: integerIn(1, 365, 'a number of days between 1 and 365'),
  ASSISTANT_LLM_URL: urlText('an absolute http(s) URL of an OpenAI-compatible API, such as http://127.0.0.1:11434/v1'),
  ASSISTANT_LLM_MODEL: optionalText,
  ASSISTANT_LLM_KEY: optionalText,
  ASSISTANT_LLM_TIMEOUT_MS: integerIn(100, 120_000, 'a number of milliseconds between 100 and 120000'),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)' })
      .optional(),
  ),
  S3_ENDPOINT: urlText('an absolute http(s) URL such as http://127.0.0.1:9000').pipe(
    z
      .string()
      .refine((value) => /^https?:\/\//.test(value), { message: 'must be an absolute http(s) URL such as http://127.0.0.1:9000' })
      .optional(),
  ),
  S3_REGION: optionalText.pipe(z.string().regex(/^[a-z0-9-]+$/, { message: 'must be a region name such as us-east-1' }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false'], { message: 'must be true or false' }).optional()),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .refine((value) => /^(mailto:.+@.+|https:\/\/.+)$/.test(value), { message: 'must be a mailto: address or an https:// URL' })
      .optional(),
  ),
});

function parseOrigins(list: string, fallback: string): string[] {
  const origins = list
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin)) throw new ConfigError(`Invalid configuration: CORS_ORIGINS entry "${origin}" is not a URL`);
  }
  return origins.length > 0 ? origins.map((origin) => new URL(origin).origin) : [fallback];
}

/** "5:300,15:600,40:1200" -> up to 5 km 300, up to 15 km 600, up to 40 km 1200 (ascending). */
export function parseDeliveryFeeBands(text: string): Array<{ upToKm: number; feeMinor: number }> {
  const bands = text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+)\s*$/.exec(part);
    if (!match) {
      throw new ConfigError(`Invalid configuration: DELIVERY_FEE_BANDS entry "${part.trim()}" must look like km:fee, e.g. 5:300`);
    }
    return { upToKm: Number(match[1]), feeMinor: Number(match[2]) };
  });
  for (let index = 0; index < bands.length; index += 1) {
    const band = bands[index];
    const previous = bands[index - 1];
    if (!band || band.upToKm <= 0 || (previous && band.upToKm <= previous.upToKm)) {
      throw new ConfigError('Invalid configuration: DELIVERY_FEE_BANDS distances must be positive and ascending');
    }
  }
  return bands;
}

/** "100,200,500" -> [100, 200, 500]: tip presets in minor units, each within [min, max]. */
export function parseTipPresets(text: string, minMinor: number, maxMinor: number): number[] {
  const presets = text.split(',').map((part) => {
    const value = part.trim();
    if (!/^\d+$/.test(value)) throw new ConfigError(`Invalid configuration: HUB_TIP_PRESETS_MINOR entry "${value}" must be a whole number of minor units`);
    return Number(value);
  });
  for (const preset of presets) {
    if (preset < minMinor || preset > maxMinor) {
      throw new ConfigError('Invalid configuration: HUB_TIP_PRESETS_MINOR entries must lie between HUB_TIP_MIN_MINOR and HUB_TIP_MAX_MINOR');
    }
  }
  return presets;
}

export const DEFAULT_DELIVERY_FEE_BANDS = '5:300,15:600,40:1200';

/** The deployment's currency when CURRENCY is unset: the demo market is in Ghana (issue 23). */
export const DEFAULT_CURRENCY = 'GHS';

/**
 * Money defaults in cedis (about GH₵12-15 to the dollar, rounded to the notes people pay with):
 * delivery GH₵35 / 70 / 140 by distance, tips GH₵5 to GH₵5,000 offered as GH₵10, 20, 50 and 100.
 * Other currencies keep the dollar-sized defaults; every one of them has its own variable.
 */
const MONEY_DEFAULTS: Record<string, { deliveryFeeBands: string; tipMinMinor: number; tipMaxMinor: number; tipPresets: string }> = {
  GHS: { deliveryFeeBands: '5:3500,15:7000,40:14000', tipMinMinor: 500, tipMaxMinor: 500_000, tipPresets: '1000,2000,5000,10000' },
};
const DOLLAR_MONEY_DEFAULTS = { deliveryFeeBands: DEFAULT_DELIVERY_FEE_BANDS, tipMinMinor: 50, tipMaxMinor: 50_000, tipPresets: '100,200,500,1000' };

/** Reads the environment once at start; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const values = parsed.data;
  const currency = values.CURRENCY ?? DEFAULT_CURRENCY;
  const money = MONEY_DEFAULTS[currency] ?? DOLLAR_MONEY_DEFAULTS;
  const tipMinMinor = values.HUB_TIP_MIN_MINOR ?? money.tipMinMinor;
  const tipMaxMinor = values.HUB_TIP_MAX_MINOR ?? money.tipMaxMinor;
  if (tipMinMinor > tipMaxMinor) throw new ConfigError('Invalid configuration: HUB_TIP_MIN_MINOR must not be above HUB_TIP_MAX_MINOR');
  const port = values.PORT ?? 3000;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

  if (values.ASSISTANT_LLM_URL && !values.ASSISTANT_LLM_MODEL) {
    throw new ConfigError('Invalid configuration: ASSISTANT_LLM_MODEL must be set when ASSISTANT_LLM_URL is set');
  }

  if (values.OIDC_ISSUER && !values.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID must be set when OIDC_ISSUER is set');
  }

  const paymentProvider = values.PAYMENT_PROVIDER ?? 'sandbox';
  if (paymentProvider === 'paystack') {
    if (!values.PAYSTACK_SECRET_KEY) {
      throw new ConfigError('Invalid configuration: PAYSTACK_SECRET_KEY must be set when PAYMENT_PROVIDER is paystack (sk_test_... or sk_live_..., from Settings > API Keys & Webhooks)');
    }
    if (values.PAYSTACK_SECRET_KEY.startsWith('sk_live_') && values.PAYSTACK_BASE_URL && !values.PAYSTACK_BASE_URL.startsWith('https://')) {
      // A live key over plain HTTP would travel readable by anyone on the way.
      throw new ConfigError('Invalid configuration: PAYSTACK_BASE_URL must be an https:// URL with a live key (sk_live_...)');
    }
    if (!PAYSTACK_CURRENCIES.includes(currency)) {
      throw new ConfigError(`Invalid configuration: CURRENCY must be one Paystack takes (${PAYSTACK_CURRENCIES.join(', ')}) when PAYMENT_PROVIDER is paystack`);
    }
  }

  if (!values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT or S3_ACCESS_KEY_ID is set');
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }

  return {
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir: values.DATA_DIR === MEMORY_DATA_DIR
        ? MEMORY_DATA_DIR
        : // The default is the repository's ./data whichever workspace npm starts the server from.
          values.DATA_DIR
          ? resolve(values.DATA_DIR)
          : resolve(serverRoot, '../../data'),
    databaseUrl: values.DATABASE_URL ?? null,
    redisUrl: values.REDIS_URL ?? null,
    jwtSecret: values.JWT_SECRET ?? null,
    appName: values.APP_NAME ?? 'Pulse Market',
    publicUrl,
    corsOrigins: parseOrigins(values.CORS_ORIGINS ?? '', new URL(publicUrl).origin),
    webDistDir: values.WEB_DIST_DIR ? resolve(values.WEB_DIST_DIR) : resolve(serverRoot, '../web/dist'),
    logLevel: values.LOG_LEVEL ?? 'info',
    trustProxy: values.TRUST_PROXY === 'true',
    oidc: values.OIDC_ISSUER
      ? {
          issuer: values.OIDC_ISSUER,
          clientId: values.OIDC_CLIENT_ID ?? '',
          clientSecret: values.OIDC_CLIENT_SECRET ?? null,
          name: values.OIDC_NAME ?? 'SSO',
        }
      : null,
    loginRateLimit: values.LOGIN_RATE_LIMIT ?? 10,
    loginRateWindowSeconds: values.LOGIN_RATE_WINDOW_SECONDS ?? 900,
    sessionTokenMinutes: values.SESSION_TOKEN_MINUTES ?? 60,
    keepSignedInDays: values.KEEP_SIGNED_IN_DAYS ?? 30,
    // Each default is far above what one person does by hand and far below what a script sends.
    rateLimits: {
      registerPerHour: values.RATE_LIMIT_REGISTER_PER_HOUR ?? 30,
      uploadsPerHour: values.RATE_LIMIT_UPLOADS_PER_HOUR ?? 200,
      messagesPerMinute: values.RATE_LIMIT_MESSAGES_PER_MINUTE ?? 60,
      hubPostsPerHour: values.RATE_LIMIT_HUB_POSTS_PER_HOUR ?? 60,
      hubCommentsPerMinute: values.RATE_LIMIT_HUB_COMMENTS_PER_MINUTE ?? 20,
      assistantPerMinute: values.RATE_LIMIT_ASSISTANT_PER_MINUTE ?? 20,
      assistantVisitorPerMinute: values.RATE_LIMIT_ASSISTANT_VISITOR_PER_MINUTE ?? 40,
      referralVisitsPerMinute: values.RATE_LIMIT_REFERRAL_VISITS_PER_MINUTE ?? 30,
      mcpPerMinute: values.RATE_LIMIT_MCP_PER_MINUTE ?? 120,
      accountLookupsPerMinute: values.RATE_LIMIT_ACCOUNT_LOOKUPS_PER_MINUTE ?? 10,
      discountLookupsPerMinute: values.RATE_LIMIT_DISCOUNT_LOOKUPS_PER_MINUTE ?? 20,
      paymentWebhooksPerMinute: values.RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE ?? 600,
      passwordResetsPerHour: values.RATE_LIMIT_PASSWORD_RESETS_PER_HOUR ?? 20,
      passwordResetsPerEmailPerHour: values.RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR ?? 5,
      verificationMailsPerHour: values.RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR ?? 3,
    },
    bodyLimitBytes: values.BODY_LIMIT_BYTES ?? 1_048_576,
    vapidSubject: values.VAPID_SUBJECT ?? null,
    currency,
    seedDemo: values.SEED_DEMO !== 'false',
    paymentProvider,
    paystack:
      paymentProvider === 'paystack' && values.PAYSTACK_SECRET_KEY
        ? { secretKey: values.PAYSTACK_SECRET_KEY, baseUrl: (values.PAYSTACK_BASE_URL ?? PAYSTACK_DEFAULT_BASE_URL).replace(/\/+$/, '') }
        : null,
    paymentSweep: {
      intervalMs: (values.PAYMENT_SWEEP_INTERVAL_SECONDS ?? 30) * 1000,
      verifyAfterMs: (values.PAYMENT_SWEEP_AFTER_SECONDS ?? 60) * 1000,
      eventRetryAfterMs: (values.PAYMENT_SWEEP_EVENTS_AFTER_SECONDS ?? 120) * 1000,
    },
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT ?? null,
          region: values.S3_REGION ?? 'us-east-1',
          accessKeyId: values.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    commissionBps: values.COMMISSION_BPS ?? 1000,
    deliveryFeeBands: parseDeliveryFeeBands(values.DELIVERY_FEE_BANDS ?? money.deliveryFeeBands),
    autoCompleteDays: values.AUTO_COMPLETE_DAYS ?? 3,
    agentMaxActiveTasks: values.AGENT_MAX_ACTIVE_TASKS ?? 3,
    orderTimers: values.ORDER_TIMERS !== 'off',
    hubTips: { minMinor: tipMinMinor, maxMinor: tipMaxMinor, presetsMinor: parseTipPresets(values.HUB_TIP_PRESETS_MINOR ?? money.tipPresets, tipMinMinor, tipMaxMinor) },
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM ?? `${values.APP_NAME ?? 'Pulse Market'} <no-reply@${new URL(publicUrl).hostname}>`,
      worker: values.MAIL_WORKER !== 'off',
      claimSeconds: values.MAIL_CLAIM_SECONDS ?? 300,
    },
    ops: {
      metricsToken: values.METRICS_TOKEN ?? null,
      metricsPort: values.METRICS_PORT ?? null,
      metricsHost: values.METRICS_HOST ?? '127.0.0.1',
      logRequests: values.LOG_REQUESTS ?? 'slow',
      slowRequestMs: values.SLOW_REQUEST_MS ?? 1000,
      shutdownGraceSeconds: values.SHUTDOWN_GRACE_SECONDS ?? 20,
      otlpEndpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '') ?? null,
    },
    assistantLlm: values.ASSISTANT_LLM_URL
      ? {
          url: values.ASSISTANT_LLM_URL.replace(/\/+$/, ''),
          model: values.ASSISTANT_LLM_MODEL ?? '',
          apiKey: values.ASSISTANT_LLM_KEY ?? null,
          timeoutMs: values.ASSISTANT_LLM_TIMEOUT_MS ?? 8000,
        }
      : null,
    referrals: {
      shareBps: values.REFERRAL_SHARE_BPS ?? REFERRAL_SHARE_BPS,
      buyerDays: values.REFERRAL_BUYER_DAYS ?? REFERRAL_BUYER_DAYS,
      sellerDays: values.REFERRAL_SELLER_DAYS ?? REFERRAL_SELLER_DAYS,
      windowDays: values.REFERRAL_WINDOW_DAYS ?? REFERRAL_WINDOW_DAYS,
    },
  };
}
