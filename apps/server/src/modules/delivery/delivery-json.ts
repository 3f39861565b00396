import { eq } from 'drizzle-orm';
import {
  MAX_DELIVERY_CODE_ATTEMPTS,
  type TDeliveryEvent,
  type TDeliveryTask,
  type TDeliveryTaskListItem,
} from '@pulse/contract/delivery';
import type { Db } from '../../db/client';
import type { DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import { orders } from '../../db/schema/orders';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { buildPrivateUploadUrl, buildUploadUrl, isPrivateUpload } from '../uploads/uploads-service';
import { haversineKmJs, listTaskEvents } from './delivery-repository';

interface TaskContext {
  farmName: string;
  farmRegion: string;
  farmPhone: string | null;
  buyerUsername: string | null;
  address: (typeof orders.$inferSelect)['deliveryAddress'];
  currency: string;
}

export async function loadTaskContext(db: Db, task: DeliveryTaskRow): Promise<TaskContext> {
  const [row] = await db
    .select({
      shopName: sellerProfiles.shopName,
      profileRegion: sellerProfiles.region,
      businessName: sellerApplications.businessName,
      applicationRegion: sellerApplications.region,
      phone: sellerApplications.phone,
      address: orders.deliveryAddress,
      currency: orders.currency,
      buyerUsername: users.username,
    })
    .from(orders)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, orders.sellerUserId))
    .leftJoin(sellerApplications, eq(sellerApplications.userId, orders.sellerUserId))
    .leftJoin(users, eq(users.id, orders.buyerUserId))
    .where(eq(orders.id, task.orderId));
  return {
    farmName: row?.shopName ?? row?.businessName ?? 'Farm',
    farmRegion: row?.profileRegion || row?.applicationRegion || '',
    farmPhone: row?.phone || null,
    buyerUsername: row?.buyerUsername ?? null,
    address: row?.address ?? null,
    currency: row?.currency ?? 'USD',
  };
}

export function routeKmOf(task: DeliveryTaskRow): number | null {
  if (task.pickupLat === null || task.pickupLng === null || task.dropOffLat === null || task.dropOffLng === null) return null;
  return Math.round(haversineKmJs({ lat: task.pickupLat, lng: task.pickupLng }, { lat: task.dropOffLat, lng: task.dropOffLng }) * 10) / 10;
}

function baseItem(task: DeliveryTaskRow, context: TaskContext, distanceToPickupKm: number | null, revealFarmPhone: boolean): TDeliveryTaskListItem {
  return {
    id: task.id,
    orderId: task.orderId,
    status: task.status,
    pickup: { farmName: context.farmName, region: context.farmRegion, lat: task.pickupLat, lng: task.pickupLng, phone: revealFarmPhone ? context.farmPhone : null },
    dropOff: { city: context.address?.city ?? '', region: context.address?.region ?? '' },
    routeKm: routeKmOf(task),
    distanceToPickupKm: distanceToPickupKm === null ? null : Math.round(distanceToPickupKm * 10) / 10,
    feeMinor: task.feeMinor,
    currency: context.currency,
    windowStartsAt: task.windowStartsAt?.toISOString() ?? null,
    windowEndsAt: task.windowEndsAt?.toISOString() ?? null,
    size: { itemCount: task.itemCount, weightKg: task.weightGrams === null ? null : task.weightGrams / 1000 },
    attempt: task.attempt,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

/** The list form every agent sees: town and region only, no street, no phone. */
export async function toTaskListItem(db: Db, task: DeliveryTaskRow, _currency: string | null, distanceToPickupKm: number | null): Promise<TDeliveryTaskListItem> {
  return baseItem(task, await loadTaskContext(db, task), distanceToPickupKm, false);
}

export async function toEventsJson(db: Db, taskId: string): Promise<TDeliveryEvent[]> {
  const events = await listTaskEvents(db, taskId);
  return events.map((event) => ({
    id: event.id,
    kind: event.kind as TDeliveryEvent['kind'],
    actor: event.actor as TDeliveryEvent['actor'],
    actorUsername: event.actorUsername,
    note: event.note,
    createdAt: event.createdAt.toISOString(),
  }));
}

export async function proofPhotoUrl(db: Db, uploadId: string | null): Promise<string | null> {
  if (!uploadId) return null;
  const [upload] = await db.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.id, uploadId));
  if (!upload) return null;
  return isPrivateUpload(upload) ? buildPrivateUploadUrl(uploadId) : buildUploadUrl(upload.storageKey);
}

/** The task as `viewerUserId` sees it: the full drop-off only for the agent holding it while it runs. */
export async function toTaskView(db: Db, task: DeliveryTaskRow, viewerUserId: string): Promise<TDeliveryTask> {
  const context = await loadTaskContext(db, task);
  const holds = task.agentUserId === viewerUserId && (task.status === 'claimed' || task.status === 'in_transit');
  const item = baseItem(task, context, null, holds);
  const address = context.address;
  const dropOff =
    holds && address
      ? {
          city: address.city,
          region: address.region,
          recipientName: address.recipientName,
          phone: address.phone,
          line1: address.line1,
          line2: address.line2,
          postalCode: address.postalCode,
          lat: address.lat,
          lng: address.lng,
        }
      : item.dropOff;
  const nextStep = task.status === 'open' ? 'claim' : !holds ? null : task.status === 'claimed' ? 'pickup' : 'deliver';
  return {
    ...item,
    dropOff,
    revealed: holds,
    buyerUsername: holds ? context.buyerUsername : null,
    failureReason: task.failureReason,
    failureNote: task.failureNote,
    recipientName: task.recipientName,
    proofPhotoUrl: task.agentUserId === viewerUserId ? await proofPhotoUrl(db, task.proofUploadId) : null,
    endedMessage: task.endedMessage,
    codeAttempts: task.codeAttempts,
    maxCodeAttempts: MAX_DELIVERY_CODE_ATTEMPTS,
    nextStep,
    events: await toEventsJson(db, task.id),
  };
}
