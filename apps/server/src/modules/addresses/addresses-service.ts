import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { MAX_ADDRESSES_PER_USER, type TAddress, type TAddressListResponse, type ZAddressInput } from '@pulse/contract/addresses';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AddressRow } from '../../db/schema/addresses';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import {
  countAddresses,
  deleteAddress,
  findNewestAddress,
  getAddressForUser,
  insertAddress,
  listAddresses,
  lockUserForAddresses,
  setDefaultAddress,
  updateAddress,
  type AddressValues,
} from './addresses-repository';
import { locateAddress } from './address-location';

type AddressInput = z.output<typeof ZAddressInput>;

export const ADDRESS_NOT_FOUND_MESSAGE = contractMessage(msg`Address not found.`);
export const TOO_MANY_ADDRESSES_MESSAGE = contractMessage(msg`You can keep up to ${{ maxAddressesPerUser: MAX_ADDRESSES_PER_USER }} addresses. Delete one you no longer use first.`);

export function toAddressJson(row: AddressRow): TAddress {
  return {
    id: row.id,
    label: row.label,
    recipientName: row.recipientName,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    lat: row.lat,
    lng: row.lng,
    // Rows written without the column (older seeds) but with coordinates count as pins.
    locatedBy: row.lat !== null && row.lng !== null ? (row.locatedBy ?? 'pin') : null,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The stored fields: the buyer's pin when both coordinates are given, else the town or region from
 * the gazetteer, else no coordinates (the checkout then asks for a pin).
 */
async function valuesOf(db: Db, input: AddressInput): Promise<AddressValues> {
  const pinned = input.lat !== null && input.lng !== null;
  const location = pinned ? { lat: input.lat, lng: input.lng, locatedBy: 'pin' as const } : await locateAddress(db, input, { refreshOnMiss: true });
  return {
    label: input.label,
    recipientName: input.recipientName,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    lat: location?.lat ?? null,
    lng: location?.lng ?? null,
    locatedBy: location?.locatedBy ?? null,
  };
}

export async function getAddresses(db: Db, userId: string): Promise<TAddressListResponse> {
  return { items: (await listAddresses(db, userId)).map(toAddressJson) };
}

/** The first address becomes the default; `isDefault: true` moves the default to the new one. */
export async function createAddress(db: Db, userId: string, input: AddressInput): Promise<TAddress> {
  const values = await valuesOf(db, input);
  const row = await db.transaction(async (tx) => {
    await lockUserForAddresses(tx, userId);
    const existing = await countAddresses(tx, userId);
    if (existing >= MAX_ADDRESSES_PER_USER) throw new ConflictError(TOO_MANY_ADDRESSES_MESSAGE);
    const makeDefault = existing === 0 || input.isDefault;
    const inserted = await insertAddress(tx, userId, values, false);
    if (makeDefault) await setDefaultAddress(tx, userId, inserted.id);
    return (await getAddressForUser(tx, userId, inserted.id)) ?? inserted;
  });
  return toAddressJson(row);
}

/** Replaces the fields; `isDefault: true` makes it the default (false never unsets the only default). */
export async function replaceAddress(db: Db, userId: string, addressId: string, input: AddressInput): Promise<TAddress> {
  const values = await valuesOf(db, input);
  const row = await db.transaction(async (tx) => {
    await lockUserForAddresses(tx, userId);
    const updated = await updateAddress(tx, userId, addressId, values);
    if (!updated) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
    if (input.isDefault && !updated.isDefault) await setDefaultAddress(tx, userId, addressId);
    return (await getAddressForUser(tx, userId, addressId)) ?? updated;
  });
  return toAddressJson(row);
}

/** Deleting the default makes the newest remaining address the default. */
export async function removeAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserForAddresses(tx, userId);
    const deleted = await deleteAddress(tx, userId, addressId);
    if (!deleted) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
    if (deleted.isDefault) {
      const newest = await findNewestAddress(tx, userId);
      if (newest) await setDefaultAddress(tx, userId, newest.id);
    }
  });
}

export async function makeDefaultAddress(db: Db, userId: string, addressId: string): Promise<TAddress> {
  const row = await db.transaction(async (tx) => {
    await lockUserForAddresses(tx, userId);
    const address = await getAddressForUser(tx, userId, addressId);
    if (!address) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
    await setDefaultAddress(tx, userId, addressId);
    return { ...address, isDefault: true };
  });
  return toAddressJson(row);
}
