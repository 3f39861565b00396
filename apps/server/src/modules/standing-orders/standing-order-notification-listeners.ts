import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money-format';
import type { FastifyInstance } from 'fastify';
import type { UserText } from '../../errors/domain-errors';
import type { DomainEvents } from '../../lib/domain-events';
import { notify } from '../notifications/notifications-service';
import { getWalletBalances } from '../wallet/ledger-service';
import type { StandingCycleEvent } from './standing-order-events';
import './standing-order-events';

/**
 * The buyer hears of their weekly baskets (decision 064): made, each cycle announced (with Skip),
 * placed, partly placed (what was left out), held (why, and what to do before the cut-off), skipped
 * or without a slot, missed, failed; and a product of theirs paused or archived by the farm. In the
 * app and by push, as order news (the buyer's "orders" choices); each once per cycle and state.
 */

/** A cycle's day as the buyer reads it ("Thu 3 Dec"), in their language; times are the market's (UTC). */
function dayText(i18n: I18n, day: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function whenText(i18n: I18n, at: Date | null): string {
  if (!at) return '';
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(at);
}

/** The missing amount a held-for-money cycle recorded (reason `wallet_short:<minor>`). */
export function missingMinorOf(reason: string | null): number | null {
  const match = reason?.match(/^wallet_short:(\d+)$/);
  return match ? Number(match[1]) : null;
}

export function standingCycleMessage(event: StandingCycleEvent, currency: string, walletShortMinor: number | null, reason: string | null = null): UserText {
  return (i18n) => {
    const shopName = event.shopName;
    const date = dayText(i18n, event.cycleDate);
    const cutoff = whenText(i18n, event.cutoffAt);
    const total = event.totalMinor !== null ? formatMoney(event.totalMinor, currency, i18n.locale) : '';
    switch (event.status) {
      case 'upcoming': {
        const text = i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} will be ordered soon. Not needed this week? Skip it on its page.`);
        if (walletShortMinor === null || walletShortMinor <= 0) return text;
        const missing = formatMoney(walletShortMinor, currency, i18n.locale);
        return `${text} ${i18n._(msg`Your wallet is ${{ missing }} short: top up by ${{ cutoff }}.`)}`;
      }
      case 'placed':
        return i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} is ordered and paid (${{ total }}).`);
      case 'partly_placed': {
        const titles = event.leftOut.map((line) => line.title).join(', ');
        return i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} is ordered (${{ total }}) without ${{ titles }}: the farm could not give it this week.`);
      }
      case 'held_price':
        return i18n._(msg`Prices at ${{ shopName }} rose above your limit. Your weekly basket for ${{ date }} waits for your yes on its page before ${{ cutoff }}.`);
      case 'held_funds': {
        const missing = formatMoney(missingMinorOf(reason) ?? event.totalMinor ?? 0, currency, i18n.locale);
        return i18n._(msg`Your wallet is ${{ missing }} short for your weekly basket from ${{ shopName }} for ${{ date }}. Top up before ${{ cutoff }} and it is ordered.`);
      }
      case 'skipped':
        return i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} is skipped.`);
      case 'no_slot':
        return i18n._(msg`${{ shopName }} has no delivery time for your weekly basket of ${{ date }}: that week is skipped.`);
      case 'missed':
        return i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} was not ordered: it was still waiting at the cut-off.`);
      case 'failed':
        return i18n._(msg`Nothing in your weekly basket from ${{ shopName }} was available for ${{ date }}: no order this week.`);
    }
  };
}

async function tellBuyer(app: FastifyInstance, userId: string, standingOrderId: string | null, message: UserText, idempotencyKey: string): Promise<void> {
  try {
    await notify(app, userId, {
      type: 'standing_order_update',
      source: 'marketplace',
      message,
      related_entity_id: standingOrderId,
      content_type: 'standing_order',
      idempotencyKey,
      category: 'orders',
    });
  } catch (error) {
    app.log.error({ err: error, standingOrderId }, 'Weekly basket notification failed');
  }
}

export function registerStandingOrderNotificationListeners(events: DomainEvents): void {
  events.afterCommit('standing_order.created', 'notifications.standing-order-created', async (created, app) => {
    const shopName = created.shopName;
    await tellBuyer(
      app,
      created.buyerUserId,
      created.standingOrderId,
      (i18n) => i18n._(msg`Your weekly basket from ${{ shopName }} is set. The first delivery is on ${{ date: dayText(i18n, created.firstCycleDate) }}.`),
      `standing-order:${created.standingOrderId}:created`,
    );
  });

  events.afterCommit('standing_order.cycle', 'notifications.standing-order-cycle', async (event, app) => {
    let walletShortMinor: number | null = null;
    if (event.status === 'upcoming' && event.totalMinor !== null) {
      // The day-before reminder: an announcement tells a buyer whose wallet is short now to top up by the cut-off.
      const { availableMinor } = await getWalletBalances(app.db, event.buyerUserId);
      walletShortMinor = event.totalMinor - availableMinor;
    }
    const reason = event.status === 'held_funds' && event.totalMinor !== null ? await heldFundsReason(app, event) : null;
    await tellBuyer(
      app,
      event.buyerUserId,
      event.standingOrderId,
      standingCycleMessage(event, app.config.currency, walletShortMinor, reason),
      `standing-order:${event.standingOrderId}:${event.cycleDate}:${event.status}${event.reminder ? ':reminder' : ''}`,
    );
  });

  events.afterCommit('standing_order.product_withdrawn', 'notifications.standing-product-withdrawn', async (withdrawn, app) => {
    const { title, shopName } = withdrawn;
    const message: UserText =
      withdrawn.status === 'paused'
        ? msg`${{ shopName }} paused ${{ title }}: your weekly basket goes without it until it is back.`
        : msg`${{ shopName }} no longer sells ${{ title }}: your weekly basket goes on without it.`;
    for (const buyerUserId of withdrawn.buyerUserIds) {
      await tellBuyer(app, buyerUserId, null, message, `standing-product:${withdrawn.productId}:${withdrawn.status}:${buyerUserId}`);
    }
  });
}

/** The held cycle's reason as recorded (how much was missing when it was held). */
async function heldFundsReason(app: FastifyInstance, event: StandingCycleEvent): Promise<string | null> {
  const { availableMinor } = await getWalletBalances(app.db, event.buyerUserId);
  const missing = (event.totalMinor ?? 0) - availableMinor;
  return missing > 0 ? `wallet_short:${missing}` : null;
}
