import { t } from '@lingui/core/macro';
import type { TAddress } from '@pulse/contract/addresses';

/**
 * One sentence on where an address is on the map, for the address card and the checkout
 * (decision 029): a pin is exact, a town or region is approximate, none needs a pin.
 */
export function describeAddressLocation(address: Pick<TAddress, 'locatedBy' | 'city' | 'region'>): { text: string; needsPin: boolean } {
  const { city, region } = address;
  switch (address.locatedBy) {
    case 'pin':
      return { text: t`Pin on the map: delivery is priced by distance.`, needsPin: false };
    case 'town':
      return { text: t`Placed at ${city} (approximate). A pin gives an exact delivery fee.`, needsPin: false };
    case 'region':
      return { text: t`Placed in ${region} (approximate). A pin gives an exact delivery fee.`, needsPin: false };
    default:
      return { text: t`Not on the map yet: place a pin so farms can price delivery.`, needsPin: true };
  }
}
