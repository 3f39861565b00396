import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { TOrderItem } from '@pulse/contract/orders';

export interface ReorderLine {
  productId: string;
  title: string;
  quantity: number;
}

/** The lines a reorder puts back in the basket: same products and ordered quantities; deleted products are skipped. */
export function buildReorderLines(items: readonly Pick<TOrderItem, 'productId' | 'title' | 'quantity'>[]): { lines: ReorderLine[]; gone: string[] } {
  const lines: ReorderLine[] = [];
  const gone: string[] = [];
  for (const item of items) {
    if (item.productId === null) gone.push(item.title);
    else lines.push({ productId: item.productId, title: item.title, quantity: item.quantity });
  }
  return { lines, gone };
}

export interface ReorderOutcome {
  added: string[];
  /** `reason` is already in the reader's language (a server message or "could not be added"). */
  unavailable: { title: string; reason: string }[];
}

/** One sentence for the toast after a reorder, in the reader's language. */
export function describeReorderOutcome(outcome: ReorderOutcome, i18n: I18n): { title: string; message: string; allFailed: boolean } {
  const { added, unavailable } = outcome;
  if (added.length === 0) {
    const names = unavailable.map((line) => line.title).join(', ');
    return {
      title: i18n._(msg`Nothing could be added`),
      message: unavailable.length === 0 ? i18n._(msg`This order has no products left to buy.`) : i18n._(msg`No longer available: ${names}.`),
      allFailed: true,
    };
  }
  const count = added.length;
  const title = i18n._(msg`Added to basket`);
  if (unavailable.length === 0) {
    return { title, message: i18n._(msg`${plural(count, { one: '# product added to your basket.', other: '# products added to your basket.' })}`), allFailed: false };
  }
  const lines = unavailable.map(({ title: product, reason }) => i18n._(msg`${product} (${reason})`)).join(', ');
  return {
    title,
    message: i18n._(
      msg`${plural(count, { one: `# product added to your basket. No longer available: ${lines}.`, other: `# products added to your basket. No longer available: ${lines}.` })}`,
    ),
    allFailed: false,
  };
}
