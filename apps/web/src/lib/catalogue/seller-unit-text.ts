import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { TProductUnit } from '@pulse/contract/products';

// Quantities, unit prices and unit names as whole messages, one per unit, so each language words and
// orders them itself ("12 kg", "3 bunches", "GH₵4.50 / kg"). The functions read the active language
// when called: the components that show them re-render on a switch through their own useLingui().

/** The unit names in the product form's unit list; render with i18n._(). */
export const UNIT_NAMES: Readonly<Record<TProductUnit, MessageDescriptor>> = {
  kg: msg`kg`,
  g: msg`g`,
  piece: msg`piece`,
  bunch: msg`bunch`,
  dozen: msg`dozen`,
  crate: msg`crate`,
  litre: msg`litre`,
};

export { quantityText, unitPriceText } from '../unit-text';

/** The price field's label: "Price per kg". */
export function pricePerUnitLabel(unit: TProductUnit | null): string {
  switch (unit) {
    case 'kg':
      return t`Price per kg`;
    case 'g':
      return t`Price per g`;
    case 'piece':
      return t`Price per piece`;
    case 'bunch':
      return t`Price per bunch`;
    case 'dozen':
      return t`Price per dozen`;
    case 'crate':
      return t`Price per crate`;
    case 'litre':
      return t`Price per litre`;
    case null:
      return t`Price per unit`;
  }
}

/** The preview card's price before one is typed: "Price / kg". */
export function pricePlaceholderText(unit: TProductUnit | null): string {
  switch (unit) {
    case 'kg':
      return t`Price / kg`;
    case 'g':
      return t`Price / g`;
    case 'piece':
      return t`Price / piece`;
    case 'bunch':
      return t`Price / bunch`;
    case 'dozen':
      return t`Price / dozen`;
    case 'crate':
      return t`Price / crate`;
    case 'litre':
      return t`Price / litre`;
    case null:
      return t`Price / unit`;
  }
}

/** The stock fields' hint: "Counted in kg", "Counted in pieces". */
export function countedInText(unit: TProductUnit): string {
  switch (unit) {
    case 'kg':
      return t`Counted in kg`;
    case 'g':
      return t`Counted in g`;
    case 'piece':
      return t`Counted in pieces`;
    case 'bunch':
      return t`Counted in bunches`;
    case 'dozen':
      return t`Counted in dozen`;
    case 'crate':
      return t`Counted in crates`;
    case 'litre':
      return t`Counted in litres`;
  }
}
