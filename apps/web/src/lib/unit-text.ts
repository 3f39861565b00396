import { plural, t } from '@lingui/core/macro';
import type { TProductUnit } from '@pulse/contract/products';

// Quantities, unit prices and unit names as whole messages, one per unit, so each language words
// and orders them itself ("12 kg", "3 bunches", "GH₵4.50 / kg"). They read the active language
// when called: components that show them re-render on a switch through their own useLingui().

/** "12 kg", "1 piece", "3 bunches". */
export function quantityText(quantity: number, unit: TProductUnit): string {
  switch (unit) {
    case 'kg':
      return plural(quantity, { one: '# kg', other: '# kg' });
    case 'g':
      return plural(quantity, { one: '# g', other: '# g' });
    case 'piece':
      return plural(quantity, { one: '# piece', other: '# pieces' });
    case 'bunch':
      return plural(quantity, { one: '# bunch', other: '# bunches' });
    case 'dozen':
      return plural(quantity, { one: '# dozen', other: '# dozen' });
    case 'crate':
      return plural(quantity, { one: '# crate', other: '# crates' });
    case 'litre':
      return plural(quantity, { one: '# litre', other: '# litres' });
  }
}

/** "$3.50 / kg": the price of one unit, the amount formatted by lib/format.ts. */
export function unitPriceText(price: string, unit: TProductUnit): string {
  switch (unit) {
    case 'kg':
      return t`${price} / kg`;
    case 'g':
      return t`${price} / g`;
    case 'piece':
      return t`${price} / piece`;
    case 'bunch':
      return t`${price} / bunch`;
    case 'dozen':
      return t`${price} / dozen`;
    case 'crate':
      return t`${price} / crate`;
    case 'litre':
      return t`${price} / litre`;
  }
}

/** The quantity field's label: "Quantity (kg)", "Quantity (pieces)". */
export function quantityLabelText(unit: TProductUnit): string {
  switch (unit) {
    case 'kg':
      return t`Quantity (kg)`;
    case 'g':
      return t`Quantity (g)`;
    case 'piece':
      return t`Quantity (pieces)`;
    case 'bunch':
      return t`Quantity (bunches)`;
    case 'dozen':
      return t`Quantity (dozen)`;
    case 'crate':
      return t`Quantity (crates)`;
    case 'litre':
      return t`Quantity (litres)`;
  }
}
