import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, type AddressRow } from '../../db/schema/addresses';
import { users } from '../../db/schema/users';

export type AddressValues = Pick<
  AddressRow,
  'label' | 'recipientName' | 'phone' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'lat' | 'lng' | 'locatedBy'
>;

/** The user's address, or null when it does not exist or belongs to someone else (checkout uses it). */
export async function getAddressForUser(db: Db, userId: string, addressId: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row ?? null;
}

/** Default first, then newest first. */
export async function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

/** Serialises one user's address writes (count limit, the single default) for the transaction. */
export async function lockUserForAddresses(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertAddress(db: Db, userId: string, values: AddressValues, isDefault: boolean): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...values, isDefault })
    .returning();
  if (!row) throw new Error('address not inserted');
  return row;
}

export async function updateAddress(db: Db, userId: string, addressId: string, values: AddressValues): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<AddressRow | null> {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** Makes this address the only default of the user (the old default is cleared first: one-default index). */
export async function setDefaultAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, addressId)));
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

export async function findNewestAddress(db: Db, userId: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row ?? null;
}

/** Stores coordinates the server found for an address that had none (checkout places older addresses). */
export async function setAddressLocation(
  db: Db,
  addressId: string,
  location: Pick<AddressRow, 'lat' | 'lng' | 'locatedBy'>,
): Promise<void> {
  await db.update(addresses).set(location).where(and(eq(addresses.id, addressId), isNull(addresses.lat)));
}
