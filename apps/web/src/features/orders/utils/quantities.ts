import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TOrderItem } from '@pulse/contract/orders';
import type { TProductUnit } from '@pulse/contract/products';
import { formatNumber } from '../../../lib/format';

/**
 * An amount with its unit, plural as the reader's language says. The number is written by
 * lib/format (the person's locale) and the plural branch is chosen from the rounded amount.
 */
function quantityMessage(rounded: number, amount: string, unit: TProductUnit): MessageDescriptor {
  switch (unit) {
    case 'kg':
      return msg`${amount} kg`;
    case 'g':
      return msg`${amount} g`;
    case 'piece':
      return msg`${plural(rounded, { one: `${amount} piece`, other: `${amount} pieces` })}`;
    case 'bunch':
      return msg`${plural(rounded, { one: `${amount} bunch`, other: `${amount} bunches` })}`;
    case 'dozen':
      return msg`${plural(rounded, { one: `${amount} dozen`, other: `${amount} dozen` })}`;
    case 'crate':
      return msg`${plural(rounded, { one: `${amount} crate`, other: `${amount} crates` })}`;
    case 'litre':
      return msg`${plural(rounded, { one: `${amount} litre`, other: `${amount} litres` })}`;
  }
}

/** The unit's name after "per" ("$3.00 per kg", "per bunch"). */
const PRICE_PER_UNIT: Readonly<Record<TProductUnit, (price: string) => MessageDescriptor>> = {
  kg: (price) => msg`${price} per kg`,
  g: (price) => msg`${price} per g`,
  piece: (price) => msg`${price} per piece`,
  bunch: (price) => msg`${price} per bunch`,
  dozen: (price) => msg`${price} per dozen`,
  crate: (price) => msg`${price} per crate`,
  litre: (price) => msg`${price} per litre`,
};

/** "2 kg", "1.85 kg" ("1,85 kg" in German), "3 bunches", "1 piece": at most three decimals, no trailing zeros. */
export function formatQuantity(quantity: number, unit: TProductUnit, i18n: I18n): string {
  const rounded = Math.round(quantity * 1000) / 1000;
  return i18n._(quantityMessage(rounded, formatNumber(rounded, 3), unit));
}

/** "$3.00 per kg": a formatted unit price with its unit. */
export function formatUnitPrice(price: string, unit: TProductUnit, i18n: I18n): string {
  return i18n._(PRICE_PER_UNIT[unit](price));
}

/** What the buyer reads on an item line: the ordered amount, and the weighed one once recorded and different. */
export function describeItemQuantity(item: Pick<TOrderItem, 'quantity' | 'finalQuantity' | 'unit'>, i18n: I18n): string {
  const ordered = formatQuantity(item.quantity, item.unit, i18n);
  if (item.finalQuantity === null) return ordered;
  const weighed = formatQuantity(item.finalQuantity, item.unit, i18n);
  return i18n._(msg`ordered ${ordered}, weighed ${weighed}`);
}
