import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { TCheckoutDiscount } from '@pulse/contract/discounts';
import type { TCreateDiscountCodeRequest, TDiscountCode, TUpdateDiscountCodeRequest } from '@pulse/contract/discounts';
import { ZCreateDiscountCodeRequest } from '@pulse/contract/discounts';
import { formatMoney } from '@pulse/contract/money-format';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { DiscountCodeRow } from '../../db/schema/discounts';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import {
  countActiveUses,
  findCandidateCodes,
  findOwnedCode,
  hasStandingOrder,
  insertCode,
  listCodesWithStats,
  updateCode,
  usageStats,
} from './discounts-repository';

export const CODE_NOT_VALID_MESSAGE = msg`This code is not valid`;
export const CODE_USED_UP_MESSAGE = msg`This code has been used up`;
export const CODE_ENDED_MESSAGE = msg`This code has ended`;
export const CODE_NOT_STARTED_MESSAGE = msg`This code is not active yet`;
export const CODE_PAUSED_MESSAGE = msg`This code is paused at the moment`;
export const CODE_FIRST_ORDER_MESSAGE = msg`This code is for a first order`;
export const CODE_ALREADY_USED_MESSAGE = msg`You have already used this code`;
export const CODE_NOT_STACKABLE_MESSAGE = msg`Only one farm code per farm and one Pulse Market code per order`;
export const CODE_TAKEN_MESSAGE = msg`You already have a code with this name`;
export const CODE_NOT_FOUND_MESSAGE = msg`Discount code not found.`;
export const CODE_ENDED_FOR_GOOD_MESSAGE = msg`An ended code cannot be changed.`;

function minOrderMessage(minOrderMinor: number, currency: string): MessageDescriptor {
  return msg`This code is for orders over ${{ amount: formatMoney(minOrderMinor, currency) }}`;
}

/* ------------------------------------------------------------ applying codes at checkout */

/** Percent codes round the discount down to the minor unit; a fixed code never exceeds what it applies to. */
export function discountOf(code: Pick<DiscountCodeRow, 'kind' | 'value'>, baseMinor: number): number {
  if (baseMinor <= 0) return 0;
  if (code.kind === 'percent') return Math.floor((baseMinor * Math.min(100, code.value)) / 100);
  return Math.min(code.value, baseMinor);
}

/**
 * A platform discount spread over a checkout's orders: percent per order (rounded down), fixed in
 * proportion to each order's goods after its farm discount, the minor units left by rounding to the
 * largest orders first; never more than an order's goods.
 */
export function splitPlatformDiscount(code: Pick<DiscountCodeRow, 'kind' | 'value'>, bases: number[]): number[] {
  if (code.kind === 'percent') return bases.map((base) => discountOf(code, base));
  const sum = bases.reduce((total, base) => total + Math.max(0, base), 0);
  const total = Math.min(code.value, sum);
  if (sum === 0) return bases.map(() => 0);
  const shares = bases.map((base) => Math.floor((total * Math.max(0, base)) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = bases.map((base, index) => ({ base, index })).sort((a, b) => b.base - a.base);
  while (left > 0) {
    let moved = false;
    for (const { base, index } of order) {
      if (left === 0) break;
      if ((shares[index] ?? 0) < base) {
        shares[index] = (shares[index] ?? 0) + 1;
        left -= 1;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return shares;
}

export interface AppliedCode {
  code: DiscountCodeRow;
  amountMinor: number;
}

export interface SellerDiscounts {
  farm: AppliedCode | null;
  platform: AppliedCode | null;
}

export interface DiscountResolution {
  /** Per farm in the basket (seller id): the codes applied to its order. */
  bySeller: Map<string, SellerDiscounts>;
  /** Each text sent, applied or refused. */
  results: Array<{ text: string; applied: boolean; sellerUserId: string | null; platform: boolean; amountMinor: number; refusal: MessageDescriptor | null }>;
}

async function refusalOf(db: Db, code: DiscountCodeRow, buyerUserId: string, now: Date): Promise<MessageDescriptor | null> {
  if (code.status === 'ended' || (code.endsAt && code.endsAt.getTime() <= now.getTime())) return CODE_ENDED_MESSAGE;
  if (code.status === 'paused') return CODE_PAUSED_MESSAGE;
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) return CODE_NOT_STARTED_MESSAGE;
  if (code.totalUses !== null || code.usesPerBuyer !== null) {
    const uses = await countActiveUses(db, code.id, buyerUserId);
    if (code.totalUses !== null && uses.total >= code.totalUses) return CODE_USED_UP_MESSAGE;
    if (code.usesPerBuyer !== null && uses.byBuyer >= code.usesPerBuyer) return CODE_ALREADY_USED_MESSAGE;
  }
  if (code.firstOrderOnly && (await hasStandingOrder(db, buyerUserId, code.ownerUserId))) return CODE_FIRST_ORDER_MESSAGE;
  return null;
}

/**
 * Which of the buyer's codes apply to which farm's order, and how much. A text names the code of
 * that text of a farm in the basket, else the platform's; an unknown text, or a code of a farm not
 * in the basket, is "not valid" (never "exists elsewhere"). `lock` (the checkout's transaction)
 * locks the code rows first, so uses are counted exactly under concurrency.
 */
export async function resolveDiscounts(
  db: Db,
  buyerUserId: string,
  texts: string[] | undefined,
  sellers: Array<{ sellerUserId: string; subtotalMinor: number }>,
  currency: string,
  now: Date,
  lock: boolean,
): Promise<DiscountResolution> {
  const bySeller = new Map(sellers.map((seller) => [seller.sellerUserId, { farm: null, platform: null } as SellerDiscounts]));
  const results: DiscountResolution['results'] = [];
  const wanted = [...new Set((texts ?? []).map((text) => text.trim().toUpperCase()).filter((text) => text.length > 0))];
  if (wanted.length === 0) return { bySeller, results };
  const candidates = await findCandidateCodes(db, wanted, sellers.map((seller) => seller.sellerUserId), lock);

  // Farm codes first: the platform's minimum and share are measured after them.
  const platformTexts: Array<{ text: string; code: DiscountCodeRow | null }> = [];
  for (const text of wanted) {
    const farmCodes = candidates.filter((code) => code.code === text && code.ownerUserId !== null);
    if (farmCodes.length === 0) {
      platformTexts.push({ text, code: candidates.find((code) => code.code === text && code.ownerUserId === null) ?? null });
      continue;
    }
    for (const code of farmCodes) {
      const seller = sellers.find((candidate) => candidate.sellerUserId === code.ownerUserId);
      const slot = seller ? bySeller.get(seller.sellerUserId) : undefined;
      if (!seller || !slot) continue;
      let refusal: MessageDescriptor | null = slot.farm ? CODE_NOT_STACKABLE_MESSAGE : await refusalOf(db, code, buyerUserId, now);
      if (!refusal && seller.subtotalMinor < code.minOrderMinor) refusal = minOrderMessage(code.minOrderMinor, currency);
      const amountMinor = refusal ? 0 : discountOf(code, seller.subtotalMinor);
      if (!refusal) slot.farm = { code, amountMinor };
      results.push({ text, applied: refusal === null, sellerUserId: seller.sellerUserId, platform: false, amountMinor, refusal });
    }
  }

  let platformApplied = false;
  for (const { text, code } of platformTexts) {
    if (!code) {
      results.push({ text, applied: false, sellerUserId: null, platform: false, amountMinor: 0, refusal: CODE_NOT_VALID_MESSAGE });
      continue;
    }
    const bases = sellers.map((seller) => seller.subtotalMinor - (bySeller.get(seller.sellerUserId)?.farm?.amountMinor ?? 0));
    let refusal: MessageDescriptor | null = platformApplied ? CODE_NOT_STACKABLE_MESSAGE : await refusalOf(db, code, buyerUserId, now);
    if (!refusal && bases.reduce((a, b) => a + b, 0) < code.minOrderMinor) refusal = minOrderMessage(code.minOrderMinor, currency);
    let amountMinor = 0;
    if (!refusal) {
      platformApplied = true;
      const shares = splitPlatformDiscount(code, bases);
      sellers.forEach((seller, index) => {
        const slot = bySeller.get(seller.sellerUserId);
        if (slot) slot.platform = { code, amountMinor: shares[index] ?? 0 };
      });
      amountMinor = shares.reduce((a, b) => a + b, 0);
    }
    results.push({ text, applied: refusal === null, sellerUserId: null, platform: true, amountMinor, refusal });
  }
  return { bySeller, results };
}

/** The checkout's refusal: the first code that does not apply refuses the whole checkout (409). */
export function assertAllApplied(resolution: DiscountResolution): void {
  const refused = resolution.results.find((result) => !result.applied);
  if (refused?.refusal) throw new ConflictError(refused.refusal, { discountCodes: refused.refusal });
}

export function toCheckoutDiscounts(resolution: DiscountResolution, i18n: I18n): TCheckoutDiscount[] {
  return resolution.results.map((result) => ({
    code: result.text,
    applied: result.applied,
    sellerUserId: result.sellerUserId,
    platform: result.platform,
    amountMinor: result.amountMinor,
    refusal: result.refusal ? i18n._(result.refusal) : null,
  }));
}

/* ------------------------------------------------------------ managing codes (farm and admin) */

function toCodeJson(code: DiscountCodeRow, stats: { timesUsed: number; totalCostMinor: number }, currency: string): TDiscountCode {
  return {
    id: code.id,
    code: code.code,
    platform: code.ownerUserId === null,
    kind: code.kind,
    value: code.value,
    minOrderMinor: code.minOrderMinor,
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    totalUses: code.totalUses,
    usesPerBuyer: code.usesPerBuyer,
    firstOrderOnly: code.firstOrderOnly,
    status: code.status,
    timesUsed: stats.timesUsed,
    totalCostMinor: stats.totalCostMinor,
    currency,
    createdAt: code.createdAt.toISOString(),
  };
}

export async function listCodes(db: Db, ownerUserId: string | null, currency: string): Promise<TDiscountCode[]> {
  const rows = await listCodesWithStats(db, ownerUserId);
  return rows.map((row) => toCodeJson(row.code, row, currency));
}

export async function createCode(db: Db, ownerUserId: string | null, raw: TCreateDiscountCodeRequest, currency: string): Promise<TDiscountCode> {
  const input: z.output<typeof ZCreateDiscountCodeRequest> = ZCreateDiscountCodeRequest.parse(raw);
  try {
    const row = await insertCode(db, {
      ownerUserId,
      code: input.code.toUpperCase(),
      kind: input.kind,
      value: input.value,
      minOrderMinor: input.minOrderMinor,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      totalUses: input.totalUses,
      usesPerBuyer: input.usesPerBuyer,
      firstOrderOnly: input.firstOrderOnly,
    });
    return toCodeJson(row, { timesUsed: 0, totalCostMinor: 0 }, currency);
  } catch (error) {
    if (findUniqueViolation(error)) throw new ConflictError(CODE_TAKEN_MESSAGE, { code: CODE_TAKEN_MESSAGE });
    throw error;
  }
}

export async function changeCode(db: Db, ownerUserId: string | null, codeId: string, input: TUpdateDiscountCodeRequest, currency: string): Promise<TDiscountCode> {
  const code = await findOwnedCode(db, ownerUserId, codeId.toLowerCase());
  if (!code) throw new NotFoundError(CODE_NOT_FOUND_MESSAGE);
  if (code.status === 'ended') throw new ConflictError(CODE_ENDED_FOR_GOOD_MESSAGE);
  const startsAt = input.startsAt === undefined ? code.startsAt : input.startsAt ? new Date(input.startsAt) : null;
  const endsAt = input.endsAt === undefined ? code.endsAt : input.endsAt ? new Date(input.endsAt) : null;
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw new InvalidError(msg`The code must end after it starts`, { endsAt: msg`The code must end after it starts` });
  }
  const row = await updateCode(db, code.id, {
    status: input.status ?? code.status,
    startsAt,
    endsAt,
    ...(input.totalUses !== undefined ? { totalUses: input.totalUses } : {}),
    ...(input.usesPerBuyer !== undefined ? { usesPerBuyer: input.usesPerBuyer } : {}),
    ...(input.minOrderMinor !== undefined ? { minOrderMinor: input.minOrderMinor } : {}),
    ...(input.firstOrderOnly !== undefined ? { firstOrderOnly: input.firstOrderOnly } : {}),
  });
  const stats = (await usageStats(db, [row.id])).get(row.id) ?? { timesUsed: 0, totalCostMinor: 0 };
  return toCodeJson(row, stats, currency);
}
