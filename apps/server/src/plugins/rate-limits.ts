import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/runtime-macro';
import { normalizeIP, type RateLimitHook, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { RateLimitedError } from '../errors/domain-errors';
import { translatorFor } from '../i18n/translator';

/**
 * Abuse limits (decision 027): one counter per limited route, kept by `@fastify/rate-limit` in its
 * store (Redis when REDIS_URL is set, so every process counts together; memory otherwise). A route
 * opts in with `config: { rateLimit: rateLimitFor(app.config, '<action>') }`, which is also how the
 * OpenAPI document recognises a route that may answer 429.
 */
export type RateLimitedAction =
  | 'login'
  | 'register'
  | 'upload'
  | 'message'
  | 'hubPost'
  | 'hubComment'
  | 'assistant'
  | 'referralVisit'
  | 'mcp'
  | 'paymentWebhook'
  | 'accountLookup'
  | 'discountLookup'
  | 'passwordReset'
  | 'verificationMail';

interface ActionLimit {
  /** Requests allowed per window; the assistant allows visitors (counted per IP) more than one user. */
  max: number | ((request: FastifyRequest) => number);
  windowMs: number;
  /**
   * When the counter runs. Visitor routes count in onRequest, before the body is read; signed-in
   * routes count right after their own `authenticate` (preValidation) or `identify` (preHandler),
   * so the key is the user and a flood of anonymous requests stops at the 401 without a count.
   */
  hook: RateLimitHook;
  /** The sentence before "Try again in ...". */
  refusal: MessageDescriptor;
}

const MINUTE_MS = 60_000;

const HOUR_MS = 60 * MINUTE_MS;

/**
 * Sign-in per address (decision 027): many people share one address behind a mobile carrier's
 * NAT, so the strict LOGIN_RATE_LIMIT applies per e-mail only. Per address, failed attempts may
 * reach this many times it (modules/auth/login-rate-limit.ts), and all attempts, successful ones
 * included, this many times it: a ceiling for floods that no town signing in by hand reaches.
 */
export const LOGIN_ADDRESS_FAILURES_FACTOR = 10;
export const LOGIN_ADDRESS_ATTEMPTS_FACTOR = 100;

function actionLimits(config: Config): Record<RateLimitedAction, ActionLimit> {
  const limits = config.rateLimits;
  return {
    login: {
      max: config.loginRateLimit * LOGIN_ADDRESS_ATTEMPTS_FACTOR,
      windowMs: config.loginRateWindowSeconds * 1000,
      hook: 'onRequest',
      refusal: msg`Too many sign-in attempts.`,
    },
    register: { max: limits.registerPerHour, windowMs: HOUR_MS, hook: 'onRequest', refusal: msg`Too many sign-ups from this address.` },
    upload: { max: limits.uploadsPerHour, windowMs: HOUR_MS, hook: 'preValidation', refusal: msg`Too many uploads in a short time.` },
    message: { max: limits.messagesPerMinute, windowMs: MINUTE_MS, hook: 'preValidation', refusal: msg`You are sending messages very quickly.` },
    hubPost: { max: limits.hubPostsPerHour, windowMs: HOUR_MS, hook: 'preValidation', refusal: msg`Too many posts in a short time.` },
    hubComment: { max: limits.hubCommentsPerMinute, windowMs: MINUTE_MS, hook: 'preValidation', refusal: msg`You are commenting very quickly.` },
    assistant: {
      max: (request) => (request.user ? limits.assistantPerMinute : limits.assistantVisitorPerMinute),
      windowMs: MINUTE_MS,
      hook: 'preHandler',
      refusal: msg`You are asking very quickly.`,
    },
    referralVisit: {
      max: limits.referralVisitsPerMinute,
      windowMs: MINUTE_MS,
      hook: 'onRequest',
      refusal: msg`Too many visits from this address.`,
    },
    mcp: { max: limits.mcpPerMinute, windowMs: MINUTE_MS, hook: 'preValidation', refusal: msg`Too many tool requests.` },
    // The payment provider's webhooks, per sending address (issue 24): Paystack sends from a few
    // addresses, one event per payment or transfer and a retry now and then; a flood of forged
    // calls stops here before any signature is computed (RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE).
    paymentWebhook: { max: limits.paymentWebhooksPerMinute, windowMs: MINUTE_MS, hook: 'onRequest', refusal: msg`Too many webhook calls from this address.` },
    accountLookup: { max: limits.accountLookupsPerMinute, windowMs: MINUTE_MS, hook: 'preValidation', refusal: msg`Too many account lookups.` },
    // Quotes and checkouts with discount codes, per user (decision 062); requests without codes are not counted.
    discountLookup: { max: limits.discountLookupsPerMinute, windowMs: MINUTE_MS, hook: 'preValidation', refusal: msg`Too many discount code attempts.` },
    passwordReset: { max: limits.passwordResetsPerHour, windowMs: HOUR_MS, hook: 'onRequest', refusal: msg`Too many password reset requests.` },
    // "Send the confirmation again" and "change e-mail", per user and route (decision 053).
    verificationMail: { max: limits.verificationMailsPerHour, windowMs: HOUR_MS, hook: 'preHandler', refusal: msg`Too many confirmation mails asked for.` },
  };
}

/** "40 seconds", "1 minute", "12 minutes", "2 hours": rounded up, so waiting that long always works. */
export function formatWait(seconds: number, i18n: I18n = translatorFor('en')): string {
  if (seconds < 60) {
    const count = Math.max(1, Math.ceil(seconds));
    return i18n._(msg`${plural({ count }, { one: '# second', other: '# seconds' })}`);
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return i18n._(msg`${plural({ count: minutes }, { one: '# minute', other: '# minutes' })}`);
  const hours = Math.ceil(minutes / 60);
  return i18n._(msg`${plural({ count: hours }, { one: '# hour', other: '# hours' })}`);
}

/** The 429 of a limited action: the error handler adds Retry-After and the API's error shape. */
export function rateLimitedError(config: Config, action: RateLimitedAction, retryAfterSeconds: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const refusal = actionLimits(config)[action].refusal;
  return new RateLimitedError(
    (i18n) => i18n._(msg`${{ refusal: i18n._(refusal) }} Try again in ${{ wait: formatWait(seconds, i18n) }}.`),
    seconds,
  );
}

/**
 * The signed-in user once the route's auth hook ran, else the client address (IPv6 grouped by /64
 * as the plugin does, since one household gets a whole /64). The plugin's store already keeps each
 * route's counters apart; the action name keeps the keys readable in Redis.
 */
function clientKey(action: RateLimitedAction, request: FastifyRequest): string {
  return request.user ? `${action}:user:${request.user.id}` : `${action}:ip:${normalizeIP(request.ip)}`;
}

/** `config.rateLimit` of a limited route. */
export function rateLimitFor(config: Config, action: RateLimitedAction): RateLimitOptions {
  const limit = actionLimits(config)[action];
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: limit.hook,
    keyGenerator: (request) => clientKey(action, request),
    errorResponseBuilder: (_request, context) => rateLimitedError(config, action, context.ttl / 1000),
  };
}
