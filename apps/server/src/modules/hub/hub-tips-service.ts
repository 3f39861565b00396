import type { I18n } from '@lingui/core';
import { translatorFor } from '../../i18n/translator';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import { POST_UNAVAILABLE_MESSAGE, TIP_SELF_MESSAGE, type TPostTipList, type TTipInput, type TTipOptions, type TTipResponse } from '@pulse/contract/hub';
import { formatMoney } from '@pulse/contract/money';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { HubTipRow } from '../../db/schema/hub';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { notify } from '../notifications/notifications-service';
import { postLedgerTransaction } from '../wallet/ledger-service';
import { getWallet } from '../wallet/wallet-service';
import { toAuthorJson } from './hub-json';
import { findPostForViewer } from './hub-post-lookup';
import {
  addToTipTotal,
  findTipByLedgerKey,
  findTipByLedgerTransaction,
  findTipTotal,
  insertTip,
  listPostTips,
} from './hub-tips-repository';

export const TIP_KEY_REUSED_MESSAGE = contractMessage(msg`This Idempotency-Key was already used for a different tip.`);
/** The author's list shows this many tips, newest first. */
const TIP_LIST_LIMIT = 200;

export function getTipOptions(config: Config): TTipOptions {
  return { currency: config.currency, presetsMinor: config.hubTips.presetsMinor, minMinor: config.hubTips.minMinor, maxMinor: config.hubTips.maxMinor };
}

export function tipBoundsMessage(config: Config, i18n: I18n = translatorFor('en')): string {
  const min = formatMoney(config.hubTips.minMinor, config.currency);
  const max = formatMoney(config.hubTips.maxMinor, config.currency);
  return i18n._(msg`Tips are between ${{ min }} and ${{ max }}`);
}

/** One key per tipper: two people may well pick the same Idempotency-Key. */
function ledgerKeyOf(tipperUserId: string, idempotencyKey: string): string {
  return `hub-tip:${tipperUserId}:${idempotencyKey}`;
}

function sameTip(tip: HubTipRow, postId: string, amountMinor: number): HubTipRow {
  if (tip.postId !== postId || tip.amountMinor !== amountMinor) throw new ConflictError(TIP_KEY_REUSED_MESSAGE);
  return tip;
}

async function toTipResponse(app: FastifyInstance, tip: HubTipRow, tipTotalMinor: number): Promise<TTipResponse> {
  return { id: tip.id, amountMinor: tip.amountMinor, tipTotalMinor, wallet: await getWallet(app, tip.tipperUserId) };
}

/**
 * Pays a tip from the tipper's available balance to the author's, once per Idempotency-Key.
 *
 * One database transaction holds the ledger movement (kind `tip`, keyed per tipper and key), the
 * hub_tips row and the post's new total: all or nothing. The ledger locks the tipper's account
 * and checks the balance under the lock, so parallel tips with different keys never overdraw it
 * (the loser gets the wallet's 409); a retry with the same key, even one racing the first, finds
 * the tip already paid and answers it again (200 instead of 201). The author is told after the
 * commit.
 */
export async function tipPost(
  app: FastifyInstance,
  tipper: UserRow,
  postId: string,
  input: TTipInput,
  idempotencyKey: string,
): Promise<{ tip: TTipResponse; created: boolean }> {
  const ledgerKey = ledgerKeyOf(tipper.id, idempotencyKey);
  const earlier = await findTipByLedgerKey(app.db, ledgerKey);
  if (earlier) {
    const tip = sameTip(earlier, postId, input.amountMinor);
    return { tip: await toTipResponse(app, tip, await findTipTotal(app.db, tip.postId)), created: false };
  }

  // Gone, hidden or by a suspended author: unavailable (the author still finds their own, refused below).
  const found = await findPostForViewer(app.db, postId, tipper.id);
  if (!found) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
  const { post, author } = found;
  if (post.authorUserId === tipper.id) throw new InvalidError(TIP_SELF_MESSAGE);
  const { minMinor, maxMinor } = app.config.hubTips;
  if (input.amountMinor < minMinor || input.amountMinor > maxMinor) {
    const message = (i18n: I18n) => tipBoundsMessage(app.config, i18n);
    throw new InvalidError(message, { amountMinor: message });
  }

  const currency = app.config.currency;
  const result = await app.db.transaction(async (tx) => {
    const { transactionId, replayed } = await postLedgerTransaction(tx, {
      kind: 'tip',
      idempotencyKey: ledgerKey,
      memo: `Tip to @${author.username}`,
      currency,
      postings: [
        { account: { ownerUserId: tipper.id, kind: 'user_available' }, amountMinor: -input.amountMinor },
        { account: { ownerUserId: post.authorUserId, kind: 'user_available' }, amountMinor: input.amountMinor },
      ],
    });
    if (replayed) {
      // A twin request with the same key committed while this one waited for the key.
      const twin = await findTipByLedgerTransaction(tx, transactionId);
      if (!twin) throw new Error('a tip ledger transaction without its tip row');
      return { tip: sameTip(twin, postId, input.amountMinor), tipTotalMinor: await findTipTotal(tx, postId), created: false };
    }
    const tipTotalMinor = await addToTipTotal(tx, post.id, input.amountMinor);
    if (tipTotalMinor === null) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
    const tip = await insertTip(tx, {
      postId: post.id,
      tipperUserId: tipper.id,
      authorUserId: post.authorUserId,
      amountMinor: input.amountMinor,
      ledgerTransactionId: transactionId,
    });
    return { tip, tipTotalMinor, created: true };
  });

  if (result.created) {
    // The tip is paid: a notification that fails is logged, never turned into a failed request.
    try {
      await notify(app, post.authorUserId, {
        type: 'tip',
        source: 'pulse_hub',
        message: msg`${{ username: tipper.username }} tipped you ${{ amount: formatMoney(input.amountMinor, currency) }} for your post`,
        content_type: 'post',
        related_entity_id: post.id,
        idempotencyKey: `hub-tip:${result.tip.id}`,
      });
    } catch (error) {
      app.log.error({ err: error, tipId: result.tip.id }, 'Tip notification failed');
    }
  }
  return { tip: await toTipResponse(app, result.tip, result.tipTotalMinor), created: result.created };
}

/** Who tipped the post: its author only (anyone else, and a deleted post, 404). */
export async function listTipsForAuthor(db: Db, viewer: UserRow, postId: string): Promise<TPostTipList> {
  const found = await findPostForViewer(db, postId, viewer.id);
  if (!found || found.post.authorUserId !== viewer.id) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
  const rows = await listPostTips(db, postId, TIP_LIST_LIMIT);
  return {
    tipTotalMinor: Number(found.post.tipTotalMinor),
    items: rows.map((row) => ({
      id: row.id,
      amountMinor: Number(row.amountMinor),
      createdAt: row.createdAt.toISOString(),
      tipper: toAuthorJson(row.tipper),
    })),
  };
}
