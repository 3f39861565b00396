import type { TAddressLocatedBy } from '@pulse/contract/addresses';
import type { Db } from '../../db/client';
import { findPlaces, loadGazetteer, normalisePlaceName, refreshGazetteer, type Gazetteer, type GazetteerPlace } from '../places/gazetteer';

export interface AddressLocation {
  lat: number;
  lng: number;
  locatedBy: TAddressLocatedBy;
}

/** The first known place named in the text ("Kumasi", "Kumassi", "Cape Coast", "Adum, Kumasi"), or null. */
function placeIn(gazetteer: Gazetteer, text: string): GazetteerPlace | null {
  const normal = normalisePlaceName(text);
  if (normal.length < 2) return null;
  const exact = gazetteer.places.get(normal);
  if (exact) return exact;
  // Longest names first, with the gazetteer's small-typo allowance (never in short names like "Ho").
  const [first] = findPlaces(gazetteer, normal.split(' '), () => true);
  return first?.place ?? null;
}

function locateIn(gazetteer: Gazetteer, address: { city: string; region: string }): AddressLocation | null {
  const town = placeIn(gazetteer, address.city);
  if (town) return { lat: town.lat, lng: town.lng, locatedBy: 'town' };
  const region = placeIn(gazetteer, address.region);
  if (region) return { lat: region.lat, lng: region.lng, locatedBy: 'region' };
  return null;
}

/**
 * Where an address without a pin is, from the product's gazetteer (the towns and regions of its
 * farms and addresses, the assistant's too): the town first, else the region. On save
 * (`refreshOnMiss`) a miss reads the gazetteer again once (a town seen since the cached copy was
 * read), so a new farm's town counts at once; the checkout's frequent quotes use the cached copy
 * only. Null: the server cannot place it; delivery to it waits for the buyer's pin.
 */
export async function locateAddress(
  db: Db,
  address: { city: string; region: string },
  { refreshOnMiss }: { refreshOnMiss: boolean },
): Promise<AddressLocation | null> {
  const cached = locateIn(await loadGazetteer(db), address);
  if (cached || !refreshOnMiss) return cached;
  return locateIn(await refreshGazetteer(db), address);
}
