import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerDomainListeners } from './domain-listeners';
import { API_ENCODINGS, BROTLI_OPTIONS, COMPRESSION_THRESHOLD_BYTES, GZIP_OPTIONS } from './lib/compression';
import { adminRoutes } from './modules/admin/admin-routes';
import { checkoutRoutes } from './modules/checkout/checkout-routes';
import { discountsRoutes } from './modules/discounts/discounts-routes';
import { standingOrdersRoutes } from './modules/standing-orders/standing-orders-routes';
import { standingCycleRoutes } from './modules/standing-orders/standing-cycle-routes';
import { orderTimersPlugin } from './modules/orders/order-timers-plugin';
import { ordersRoutes } from './modules/orders/orders-routes';
import { refundsRoutes } from './modules/orders/refunds-routes';
import { sellerDashboardRoutes } from './modules/seller-dashboard/seller-dashboard-routes';
import { catalogueFilesRoutes } from './modules/catalogue-files/catalogue-files-routes';
import { sellerProfileRoutes } from './modules/seller-profile/seller-profile-routes';
import { reviewsRoutes } from './modules/reviews/reviews-routes';
import { slotsRoutes } from './modules/slots/slots-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { oidcRoutes } from './modules/auth/oidc-routes';
import { sessionRoutes } from './modules/auth/session-routes';
import { accountRoutes } from './modules/account/account-routes';
import { preferencesRoutes } from './modules/preferences/preferences-routes';
import { passwordResetRoutes } from './modules/auth/password-reset-routes';
import { emailVerificationRoutes } from './modules/auth/email-verification-routes';
import { addressesRoutes } from './modules/addresses/addresses-routes';
import { basketsRoutes } from './modules/baskets/baskets-routes';
import { healthRoutes } from './modules/health/health-routes';
import { messagesRoutes } from './modules/messages/messages-routes';
import { notificationsRoutes } from './modules/notifications/notifications-routes';
import { popupsRoutes } from './modules/popups/popups-routes';
import { productsRoutes } from './modules/products/products-routes';
import { pushRoutes } from './modules/push/push-routes';
import { sellersRoutes } from './modules/sellers/sellers-routes';
import { agentsRoutes } from './modules/agents/agents-routes';
import { deliveryRoutes } from './modules/delivery/delivery-routes';
import { uploadsRoutes } from './modules/uploads/uploads-routes';
import { paymentProviderPlugin } from './modules/payments/provider-plugin';
import { paymentEventQueuePlugin } from './modules/payments/payment-event-queue';
import { paystackWebhookRoutes } from './modules/payments/paystack-webhook-routes';
import { reconciliationPlugin } from './modules/payments/reconciliation-plugin';
import { mailWorkerPlugin } from './modules/mail/mail-worker-plugin';
import { mailAdminRoutes } from './modules/mail/mail-admin-routes';
import { jobsPlugin } from './modules/jobs/jobs-plugin';
import { systemRoutes } from './modules/jobs/system-routes';
import { adminPaymentsRoutes } from './modules/admin/admin-payments-routes';
import { walletRoutes } from './modules/wallet/wallet-routes';
import { payoutsRoutes } from './modules/wallet/payouts-routes';
import { hubRoutes } from './modules/hub/hub-routes';
import { hubTipsRoutes } from './modules/hub/hub-tips-routes';
import { hubReportsRoutes } from './modules/hub/hub-reports-routes';
import { referralsRoutes } from './modules/referrals/referrals-routes';
import { adminReferralsRoutes } from './modules/admin/admin-referrals-routes';
import { referralAgentRoutes } from './modules/referrals/referral-agent-routes';
import { assistantRoutes } from './modules/assistant/assistant-routes';
import { documentsRoutes } from './modules/documents/documents-routes';
import { mcpRoutes } from './modules/assistant/mcp/mcp-routes';
import { resolveJwtSecret } from './modules/settings/resolve-jwt-secret';
import { accessLogPlugin, loggerOptions, requestIdGenerator, type LogLineSink } from './plugins/access-log';
import { tracingHooks } from './lib/tracing-state';
import { appContextPlugin } from './plugins/app-context';
import { authPlugin } from './plugins/auth';
import { i18nPlugin } from './plugins/i18n';
import { metricsPlugin } from './plugins/metrics';
import { errorHandlerPlugin, handleFrameworkError } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { realtimePlugin } from './plugins/realtime';
import { webAppPlugin } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  /** The opened and migrated database; the caller closes it after the app. */
  db: Database;
  /** Override the pino logger (tests pass false). */
  logger?: boolean;
  /** Where the log lines go instead of stdout (a test that reads them). */
  logStream?: LogLineSink;
}

function contentSecurityPolicy(config: Config) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets inline style attributes and injects <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // On plain http (a LAN address) this would make browsers ask for https and fail.
      upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
    },
  };
}

/**
 * Compression of dynamic API JSON only (decision 018; levels in lib/compression.ts): static files
 * are pre-compressed by the web build and served as they are (plugins/web-app.ts), images are
 * compressed already, and Socket.IO sits beside Fastify.
 */
async function registerApiCompression(app: FastifyInstance): Promise<void> {
  // Must come before compression's own onRoute hook, which reads `compress` off every new route.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: [...API_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: /^application\/json(?:;|$)/,
    zlibOptions: GZIP_OPTIONS,
    brotliOptions: BROTLI_OPTIONS,
    // In one call, not through a zlib stream on the thread pool: the plugin's default on two cores
    // streams anything above 8 KB, which added 0.35 ms of CPU to a 12 KB page instead of 0.05 ms.
    syncThreshold: 65_536,
    // Nobody sends compressed bodies to this API; accepting them would only widen what it parses.
    globalDecompression: false,
  });
}

/** Builds the whole HTTP app (no listen): plugins in order, then modules, then the web app. */
export async function buildApp({ config, db, logger, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  // What reacts to orders and whose ledger kinds the wallet words (decision 052).
  registerDomainListeners();
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logStream),
    // Request ids and the access log are ours (plugins/access-log.ts, LOG_REQUESTS).
    genReqId: requestIdGenerator(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Route ids are UUIDs; a long URL is an attack or a bug, not a real page.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
    // Graceful shutdown (decision 067): while closing, a request arriving on a kept-alive connection
    // gets 503 with Connection: close (a proxy sends it elsewhere), and idle keep-alive sockets close at once.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const jwtSecret = await resolveJwtSecret(config, db.orm);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  // Traces (issue 29): only when src/tracing.ts started the SDK (OTEL_EXPORTER_OTLP_ENDPOINT); first, to see every route.
  const tracing = tracingHooks();
  if (tracing) await app.register(tracing.fastifyPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(appContextPlugin, { config, database: db, jwtSecret });
  await app.register(accessLogPlugin);

  // An empty body with a JSON content type (the spec's client sends that header on every call,
  // including a body-less logout) means "no body", not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only; anything else is refused with 415 rather than half-understood.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.toString().trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });

  await app.register(fastifyHelmet, { contentSecurityPolicy: contentSecurityPolicy(config) });
  // A page on another allowed origin may read the request id of an answer (to quote it, issue 29).
  await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true, exposedHeaders: ['X-Request-Id'] });
  await app.register(fastifyCookie, { secret: jwtSecret });
  await registerApiCompression(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Not global: routes opt in (login does); Redis makes the counters shared by every process.
  // skipOnError: while Redis is unreachable people can still sign in (unthrottled) rather than
  // everyone being locked out.
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'pulse-rate-limit:' } : {}),
  });
  await app.register(i18nPlugin);
  await app.register(authPlugin);
  // Before every route: its onResponse hook counts and times them all (GET /metrics, issue 29).
  await app.register(metricsPlugin);
  await app.register(realtimePlugin);
  await app.register(openApiPlugin);
  // The one job system (issue 29, decision 068): app.jobs; the queues below are defined on it.
  await app.register(jobsPlugin);
  // The mail outbox (issue 25): decorates app.mailOutbox for routes; its queues run unless MAIL_WORKER=off.
  await app.register(mailWorkerPlugin);

  await app.register(healthRoutes, { redis });
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(preferencesRoutes);
  await app.register(passwordResetRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(sellersRoutes);
  await app.register(agentsRoutes);
  await app.register(deliveryRoutes);
  await app.register(basketsRoutes);
  await app.register(addressesRoutes);
  await app.register(paymentProviderPlugin);
  await app.register(paymentEventQueuePlugin);
  await app.register(walletRoutes);
  await app.register(payoutsRoutes);
  await app.register(paystackWebhookRoutes);
  await app.register(popupsRoutes);
  await app.register(messagesRoutes);
  await app.register(uploadsRoutes);
  await app.register(productsRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);
  await app.register(adminRoutes);
  await app.register(slotsRoutes);
  await app.register(checkoutRoutes);
  await app.register(discountsRoutes);
  await app.register(standingOrdersRoutes);
  await app.register(standingCycleRoutes);
  await app.register(ordersRoutes);
  await app.register(refundsRoutes);
  await app.register(sellerDashboardRoutes);
  await app.register(catalogueFilesRoutes);
  await app.register(sellerProfileRoutes);
  await app.register(reviewsRoutes);
  await app.register(hubRoutes);
  await app.register(hubTipsRoutes);
  await app.register(hubReportsRoutes);
  await app.register(referralsRoutes);
  await app.register(adminReferralsRoutes);
  await app.register(adminPaymentsRoutes);
  await app.register(mailAdminRoutes);
  await app.register(systemRoutes);
  await app.register(referralAgentRoutes);
  await app.register(documentsRoutes);
  await app.register(assistantRoutes);
  // Pulse Assistant (issue 14): the assistant's own routes go above this line; MCP serves its tools.
  await app.register(mcpRoutes);
  await app.register(orderTimersPlugin);
  await app.register(reconciliationPlugin);

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}
