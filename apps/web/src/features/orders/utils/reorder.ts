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
  unavailable: { title: string; reason: string }[];
}

/** One sentence for the toast after a reorder. */
export function describeReorderOutcome(outcome: ReorderOutcome): { title: string; message: string; allFailed: boolean } {
  const { added, unavailable } = outcome;
  if (added.length === 0) {
    return {
      title: 'Nothing could be added',
      message: unavailable.length === 0 ? 'This order has no products left to buy.' : `No longer available: ${unavailable.map((line) => line.title).join(', ')}.`,
      allFailed: true,
    };
  }
  const addedText = `${added.length} ${added.length === 1 ? 'product' : 'products'} added to your basket.`;
  if (unavailable.length === 0) return { title: 'Added to basket', message: addedText, allFailed: false };
  return {
    title: 'Added to basket',
    message: `${addedText} No longer available: ${unavailable.map((line) => `${line.title} (${line.reason})`).join(', ')}.`,
    allFailed: false,
  };
}
