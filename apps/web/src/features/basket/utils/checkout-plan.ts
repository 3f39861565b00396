import { t } from '@lingui/core/macro';
import type { TAddress } from '@pulse/contract/addresses';
import type { TBasketSellerGroup } from '@pulse/contract/baskets';
import type { TCheckoutInput, TFulfilment } from '@pulse/contract/orders';

/** What the buyer chose for one farm's order. */
export interface FarmChoice {
  fulfilment: TFulfilment | null;
  slotId: string | null;
}

export type FarmChoices = Readonly<Record<string, FarmChoice>>;

const NO_CHOICE: FarmChoice = { fulfilment: null, slotId: null };

export function choiceFor(choices: FarmChoices, sellerUserId: string): FarmChoice {
  return choices[sellerUserId] ?? NO_CHOICE;
}

/** A new method drops the slot: pickup and delivery slots are different windows. */
export function chooseFulfilment(choices: FarmChoices, sellerUserId: string, fulfilment: TFulfilment): FarmChoices {
  const current = choiceFor(choices, sellerUserId);
  if (current.fulfilment === fulfilment) return choices;
  return { ...choices, [sellerUserId]: { fulfilment, slotId: null } };
}

export function chooseSlot(choices: FarmChoices, sellerUserId: string, slotId: string | null): FarmChoices {
  return { ...choices, [sellerUserId]: { ...choiceFor(choices, sellerUserId), slotId } };
}

export function needsAddress(groups: readonly Pick<TBasketSellerGroup, 'sellerUserId'>[], choices: FarmChoices): boolean {
  return groups.some((group) => choiceFor(choices, group.sellerUserId).fulfilment === 'delivery');
}

/** The saved address a checkout starts with: the default, else the first. */
export function preselectAddress(addresses: readonly Pick<TAddress, 'id' | 'isDefault'>[]): string | null {
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? null;
}

/** What still has to be chosen before "Pay", in the order the page asks for it. */
export function checkoutBlockers(
  groups: readonly Pick<TBasketSellerGroup, 'sellerUserId' | 'shopName'>[],
  choices: FarmChoices,
  addressId: string | null,
): string[] {
  const blockers: string[] = [];
  for (const group of groups) {
    const choice = choiceFor(choices, group.sellerUserId);
    const shop = group.shopName;
    if (!choice.fulfilment) blockers.push(t`Choose pickup or delivery for ${shop}`);
    else if (!choice.slotId) blockers.push(choice.fulfilment === 'pickup' ? t`Choose a pickup time for ${shop}` : t`Choose a delivery time for ${shop}`);
  }
  if (needsAddress(groups, choices) && !addressId) blockers.push(t`Choose a delivery address`);
  return blockers;
}

/** The checkout request once everything is chosen; null while something is missing. */
export function buildCheckoutInput(
  groups: readonly Pick<TBasketSellerGroup, 'sellerUserId' | 'shopName'>[],
  choices: FarmChoices,
  addressId: string | null,
): TCheckoutInput | null {
  if (groups.length === 0 || checkoutBlockers(groups, choices, addressId).length > 0) return null;
  return {
    addressId: needsAddress(groups, choices) ? addressId : null,
    sellers: groups.map((group) => {
      const choice = choiceFor(choices, group.sellerUserId);
      return { sellerUserId: group.sellerUserId, fulfilment: choice.fulfilment!, slotId: choice.slotId! };
    }),
    payNow: true,
  };
}

/** The quote asks about the farms whose method is chosen; the address only matters for delivery. */
export function buildQuoteInput(groups: readonly Pick<TBasketSellerGroup, 'sellerUserId'>[], choices: FarmChoices, addressId: string | null) {
  const sellers = groups.flatMap((group) => {
    const fulfilment = choiceFor(choices, group.sellerUserId).fulfilment;
    return fulfilment ? [{ sellerUserId: group.sellerUserId, fulfilment }] : [];
  });
  return { addressId: needsAddress(groups, choices) ? addressId : null, sellers };
}

/** How much the wallet lacks to pay `totalMinor` (0 when it is enough). */
export function missingAmountMinor(totalMinor: number, walletAvailableMinor: number): number {
  return Math.max(0, totalMinor - walletAvailableMinor);
}
