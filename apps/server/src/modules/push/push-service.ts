import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { TNotification } from '@pulse/contract/notifications';
import { buildPushPayload, type TPushPayload, type TPushSubscription, type TSavePushSubscriptionBody } from '@pulse/contract/push';
import type { Db } from '../../db/client';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import {
  deletePushSubscription,
  deletePushSubscriptionsById,
  listPushSubscriptions,
  trimPushSubscriptions,
  upsertPushSubscription,
} from './push-repository';
import { translatorFor } from '../../i18n/translator';
import { findUserLanguage } from '../auth/users-repository';
import { isAllowedPushEndpoint } from './push-urls';
import type { VapidKeys } from './resolve-vapid-keys';

/** Phones, laptops, a few browsers: more than this per person is stale rows or abuse. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** A notification older than a day is news no longer; the push service may drop it after that. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;
/** Push services accept 4096 bytes of encrypted record; this leaves room for the padding and header. */
const MAX_PAYLOAD_BYTES = 3_000;

export const PUSH_SUBSCRIPTION_NOT_FOUND_MESSAGE = contractMessage(msg`No push subscription with this endpoint for your account.`);
export const PUSH_ENDPOINT_REFUSED_MESSAGE = contractMessage(msg`This push service address is not accepted.`);

export interface PushSender {
  db: Db;
  vapidKeys: VapidKeys;
  vapidSubject: string;
  log: FastifyBaseLogger;
}

export interface PushDeliveryReport {
  delivered: number;
  removed: number;
  failed: number;
}

export async function savePushSubscription(
  db: Db,
  publicUrl: string,
  userId: string,
  body: TSavePushSubscriptionBody,
): Promise<TPushSubscription> {
  if (!isAllowedPushEndpoint(body.endpoint, publicUrl)) {
    throw new InvalidError(PUSH_ENDPOINT_REFUSED_MESSAGE, { endpoint: PUSH_ENDPOINT_REFUSED_MESSAGE });
  }
  const row = await upsertPushSubscription(db, userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
  await trimPushSubscriptions(db, userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  return { endpoint: row.endpoint, created_at: row.createdAt.toISOString() };
}

/** Someone else's endpoint is "not found" too, so the answer tells nothing about other accounts. */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  const deleted = await deletePushSubscription(db, userId, endpoint);
  if (!deleted) throw new NotFoundError(PUSH_SUBSCRIPTION_NOT_FOUND_MESSAGE);
}

/** Shortens the body until the JSON fits a push message; the full text is in the app. */
export function fitPushPayload(payload: TPushPayload): TPushPayload {
  const measure = (body: string) => Buffer.byteLength(JSON.stringify({ ...payload, body: `${body}…` }));
  if (Buffer.byteLength(JSON.stringify(payload)) <= MAX_PAYLOAD_BYTES) return payload;
  let chars = Array.from(payload.body);
  while (chars.length > 0 && measure(chars.join('')) > MAX_PAYLOAD_BYTES) {
    chars = chars.slice(0, Math.floor(chars.length * 0.9));
  }
  return { ...payload, body: `${chars.join('').trimEnd()}…` };
}

type DeliveryOutcome = 'delivered' | 'gone' | 'failed';

async function deliverOne(
  sender: PushSender,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
): Promise<DeliveryOutcome> {
  try {
    // web-push encrypts (RFC 8291) and signs (RFC 8292); fetch sends, so the request has a time
    // limit, follows no redirects and works with a plain-http endpoint in local tests.
    const details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: sender.vapidSubject, publicKey: sender.vapidKeys.publicKey, privateKey: sender.vapidKeys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch measures the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body === null ? null : new Uint8Array(details.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'delivered';
    if (response.status === 404 || response.status === 410) return 'gone';
    sender.log.warn({ status: response.status, endpointHost: new URL(subscription.endpoint).host }, 'Push service refused a push');
    return 'failed';
  } catch (error) {
    // Endpoints are capability URLs: log the host, never the whole address.
    sender.log.warn({ err: error, endpointHost: new URL(subscription.endpoint).host }, 'Push could not be sent');
    return 'failed';
  }
}

/**
 * Sends the notification to every browser the user subscribed, in parallel; subscriptions the push
 * service reports gone (404/410) are deleted. Never throws for one bad subscription.
 */
export async function sendPushToUser(sender: PushSender, userId: string, notification: TNotification): Promise<PushDeliveryReport> {
  const subscriptions = await listPushSubscriptions(sender.db, userId);
  const report: PushDeliveryReport = { delivered: 0, removed: 0, failed: 0 };
  if (subscriptions.length === 0) return report;
  // The body was written in the recipient's language when stored; the title (spec §4) follows it.
  const i18n = translatorFor(await findUserLanguage(sender.db, userId));
  const built = buildPushPayload(notification);
  const payload = JSON.stringify(fitPushPayload({ ...built, title: translateContractMessage(i18n, built.title) }));
  const outcomes = await Promise.all(subscriptions.map((subscription) => deliverOne(sender, subscription, payload)));
  const gone = subscriptions.filter((_, index) => outcomes[index] === 'gone').map((subscription) => subscription.id);
  await deletePushSubscriptionsById(sender.db, gone);
  for (const outcome of outcomes) {
    if (outcome === 'delivered') report.delivered += 1;
    else if (outcome === 'gone') report.removed += 1;
    else report.failed += 1;
  }
  return report;
}
