import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { TDeliverySlot, TDeliverySlotInput, TSlotListResponse } from '@pulse/contract/orders';
import { ZDeliverySlotInput } from '@pulse/contract/orders';
import type { Db } from '../../db/client';
import type { DeliverySlotRow } from '../../db/schema/delivery-slots';
import type { UserRow } from '../../db/schema/users';
import { ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { deleteOwnSlot, insertSlot, listOpenSlots, type FulfilmentMethod } from './slots-repository';

export const SELLERS_ONLY_MESSAGE = contractMessage(msg`Only sellers can publish pickup and delivery slots.`);
export const SLOT_NOT_FOUND_MESSAGE = contractMessage(msg`Slot not found.`);
export const SLOT_IN_PAST_MESSAGE = contractMessage(msg`The cut-off has already passed; choose a later time.`);

export function isSeller(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.includes('seller');
}

export function toSlotJson(row: DeliverySlotRow): TDeliverySlot {
  return {
    id: row.id,
    sellerUserId: row.sellerUserId,
    method: row.method,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    cutoffAt: row.cutoffAt.toISOString(),
    remaining: row.capacity === null ? null : Math.max(0, row.capacity - row.bookedCount),
  };
}

export async function listSellerSlots(db: Db, sellerUserId: string, method: FulfilmentMethod | undefined, now = new Date()): Promise<TSlotListResponse> {
  const rows = await listOpenSlots(db, [sellerUserId], now, method);
  return { items: rows.map(toSlotJson) };
}

/** 403 unless an approved seller; the routes run it before validation too. */
export async function assertSlotSeller(db: Db, user: UserRow): Promise<void> {
  if (!isSeller(user)) throw new ForbiddenError(SELLERS_ONLY_MESSAGE);
  await assertApprovedSeller(db, user);
}

export async function createSlot(db: Db, user: UserRow, input: TDeliverySlotInput, now = new Date()): Promise<TDeliverySlot> {
  await assertSlotSeller(db, user);
  const values = ZDeliverySlotInput.parse(input);
  const cutoffAt = new Date(values.cutoffAt);
  if (cutoffAt.getTime() <= now.getTime()) throw new InvalidError(SLOT_IN_PAST_MESSAGE, { cutoffAt: SLOT_IN_PAST_MESSAGE });
  const row = await insertSlot(db, {
    sellerUserId: user.id,
    method: values.method,
    startsAt: new Date(values.startsAt),
    endsAt: new Date(values.endsAt),
    cutoffAt,
    capacity: values.capacity,
  });
  return toSlotJson(row);
}

/** A non-seller is refused (403) like on publishing; another seller's slot is 404. */
export async function removeSlot(db: Db, user: UserRow, slotId: string): Promise<void> {
  await assertSlotSeller(db, user);
  if (!(await deleteOwnSlot(db, user.id, slotId))) throw new NotFoundError(SLOT_NOT_FOUND_MESSAGE);
}
