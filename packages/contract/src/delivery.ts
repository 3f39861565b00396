import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZVehicle } from './agents';
import { ZId } from './ids';
import { ZMinor } from './money';

/**
 * Delivery tasks (issue 11, decision 021). A task is created when the farm accepts a delivery order:
 * pickup at the farm in the order's slot window, drop-off at the buyer's address, the order's
 * delivery fee as the agent's fee.
 *
 *   open -> claimed -> in_transit -> delivered | failed
 *   claimed -> open (released by the agent before pickup)
 *   failed -> open (the farm re-opens it for a new attempt) | returned (the goods stay with the farm)
 *   open | claimed -> cancelled (the order was cancelled, or the farm delivered it itself)
 *
 * Pickup: the FARM sees a pickup code on GET /api/orders/{orderId}/delivery and tells it to the agent,
 * who enters it (POST .../pickup {code}). Delivery: the agent enters the BUYER's confirmation code
 * (the one on the buyer's order page). Position: POST .../position (HTTP, so it is authorised and
 * validated like every write); the server relays it over the socket (`deliveryPosition`) to the
 * order's buyer and farm only.
 */

export const DELIVERY_TASK_STATUSES = ['open', 'claimed', 'in_transit', 'delivered', 'failed', 'returned', 'cancelled'] as const;
export const ZDeliveryTaskStatus = z.enum(DELIVERY_TASK_STATUSES);
export type TDeliveryTaskStatus = z.infer<typeof ZDeliveryTaskStatus>;

export const deliveryTaskStatusLabels: Readonly<Record<TDeliveryTaskStatus, string>> = {
  open: contractMessage(msg`Waiting for an agent`),
  claimed: contractMessage(msg`Agent on the way to the farm`),
  in_transit: contractMessage(msg`On its way`),
  delivered: contractMessage(msg`Delivered`),
  failed: contractMessage(msg`Delivery attempt failed`),
  returned: contractMessage(msg`Returned to the farm`),
  cancelled: contractMessage(msg`Cancelled`),
};

/** Statuses in which an agent holds the task (counted against AGENT_MAX_ACTIVE_TASKS). */
export const ACTIVE_TASK_STATUSES = ['claimed', 'in_transit'] as const satisfies readonly TDeliveryTaskStatus[];

export const FAILURE_REASONS = ['nobody_there', 'wrong_address', 'refused', 'unsafe', 'other'] as const;
export const ZFailureReason = z.enum(FAILURE_REASONS, { message: contractMessage(msg`Choose what happened`) });
export type TFailureReason = z.infer<typeof ZFailureReason>;
export const failureReasonLabels: Readonly<Record<TFailureReason, string>> = {
  nobody_there: contractMessage(msg`Nobody there`),
  wrong_address: contractMessage(msg`Wrong address`),
  refused: contractMessage(msg`Refused by the recipient`),
  unsafe: contractMessage(msg`Unsafe to deliver`),
  other: contractMessage(msg`Other`),
};
/** Reasons that need a photo as evidence. */
export const FAILURE_REASONS_NEEDING_PHOTO: readonly TFailureReason[] = ['nobody_there', 'wrong_address'];

export const DELIVERY_EVENT_KINDS = [
  'created',
  'claimed',
  'released',
  'picked_up',
  'delivered',
  'failed',
  'code_rejected',
  'reopened',
  'returned',
  'cancelled',
] as const;
export const ZDeliveryEventKind = z.enum(DELIVERY_EVENT_KINDS);
export type TDeliveryEventKind = z.infer<typeof ZDeliveryEventKind>;

export const ZDeliveryEventActor = z.enum(['agent', 'seller', 'buyer', 'admin', 'system']);

/** One step of a task, with who and when. */
export const ZDeliveryEvent = z.object({
  id: ZId,
  kind: ZDeliveryEventKind,
  actor: ZDeliveryEventActor,
  actorUsername: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TDeliveryEvent = z.infer<typeof ZDeliveryEvent>;

export const ZGeoPoint = z.object({ lat: z.number(), lng: z.number() });
export type TGeoPoint = z.infer<typeof ZGeoPoint>;

/** The farm end of a task: always shown in full (farms are public). */
export const ZPickupPoint = z.object({
  farmName: z.string(),
  region: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The farm's phone from its approved application (shown to the holding agent only, else null). */
  phone: z.string().nullable(),
});

/** The drop-off as every agent sees it before claiming: town and region, no street, no phone. */
export const ZDropOffArea = z.object({
  city: z.string(),
  region: z.string(),
});

/** The drop-off as the holding agent (and the buyer and the farm) see it. */
export const ZDropOffPoint = ZDropOffArea.extend({
  recipientName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  postalCode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const ZTaskSize = z.object({
  itemCount: z.number().int().nonnegative(),
  /** Total weight of the items sold by weight (kg, g), null when none is known. */
  weightKg: z.number().nonnegative().nullable(),
});

/** A task in lists (open tasks near me): no street, no phone. */
export const ZDeliveryTaskListItem = z.object({
  id: ZId,
  orderId: ZId,
  status: ZDeliveryTaskStatus,
  pickup: ZPickupPoint,
  dropOff: ZDropOffArea,
  /** Great-circle distance farm -> drop-off, km (null when either end has no coordinates). */
  routeKm: z.number().nullable(),
  /** Distance from the agent's home point to the farm, km (open tasks only). */
  distanceToPickupKm: z.number().nullable(),
  feeMinor: ZMinor,
  currency: z.string(),
  windowStartsAt: z.iso.datetime().nullable(),
  windowEndsAt: z.iso.datetime().nullable(),
  size: ZTaskSize,
  attempt: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TDeliveryTaskListItem = z.infer<typeof ZDeliveryTaskListItem>;

/** The task as the agent who holds it sees it (full drop-off, phones, timeline). */
export const ZDeliveryTask = ZDeliveryTaskListItem.extend({
  dropOff: z.union([ZDropOffPoint, ZDropOffArea]),
  /** True when the full drop-off is shown (the caller holds the task and it has not ended). */
  revealed: z.boolean(),
  buyerUsername: z.string().nullable(),
  failureReason: ZFailureReason.nullable(),
  failureNote: z.string().nullable(),
  recipientName: z.string().nullable(),
  proofPhotoUrl: z.string().nullable(),
  /** Set when the order was cancelled or refunded meanwhile: why the task ended. */
  endedMessage: z.string().nullable(),
  /** Wrong delivery codes so far and the limit. */
  codeAttempts: z.number().int().nonnegative(),
  maxCodeAttempts: z.number().int().positive(),
  /** The next step for the agent: claim, pickup, deliver (or fail), or null when nothing. */
  nextStep: z.enum(['claim', 'pickup', 'deliver']).nullable(),
  events: z.array(ZDeliveryEvent),
});
export type TDeliveryTask = z.infer<typeof ZDeliveryTask>;

export const ZDeliveryTaskParams = z.object({ id: ZId });

/** GET /api/delivery/tasks/open?limit= : approved delivery agents; farms within the working radius, nearest first. */
export const ZListOpenTasksQuery = z.object({
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(50),
});
export type TListOpenTasksQuery = z.input<typeof ZListOpenTasksQuery>;
export const ZListOpenTasksResponse = z.object({
  items: z.array(ZDeliveryTaskListItem),
  /** The agent's home point and radius used for the search (null point: none on file, no tasks). */
  origin: ZGeoPoint.nullable(),
  radiusKm: z.number(),
});
export type TListOpenTasksResponse = z.infer<typeof ZListOpenTasksResponse>;

/** GET /api/delivery/tasks/mine?scope=active|ended : the agent's tasks, newest first. */
export const ZListMyTasksQuery = z.object({ scope: z.enum(['active', 'ended', 'all']).default('active') });
export type TListMyTasksQuery = z.input<typeof ZListMyTasksQuery>;
export const ZListMyTasksResponse = z.object({
  items: z.array(ZDeliveryTask),
  maxActiveTasks: z.number().int().positive(),
});
export type TListMyTasksResponse = z.infer<typeof ZListMyTasksResponse>;

/** GET /api/delivery/tasks/{id} (the holding agent, or any delivery agent while open) */
export const ZGetDeliveryTaskResponse = ZDeliveryTask;
export type TGetDeliveryTaskResponse = TDeliveryTask;

/** POST /api/delivery/tasks/{id}/claim (no body) */
export const ZClaimTaskResponse = ZDeliveryTask;
export type TClaimTaskResponse = TDeliveryTask;

const requiredReason = z
  .string({ message: contractMessage(msg`Tell us why`) })
  .trim()
  .min(1, { message: contractMessage(msg`Tell us why`) })
  .max(500, { message: contractMessage(msg`Too long (500 characters at most)`) });

/** POST /api/delivery/tasks/{id}/release : before pickup only. */
export const ZReleaseTaskRequest = z.object({ reason: requiredReason });
export type TReleaseTaskRequest = z.infer<typeof ZReleaseTaskRequest>;
export const ZReleaseTaskResponse = ZDeliveryTask;
export type TReleaseTaskResponse = TDeliveryTask;

const code = (what: string) =>
  z
    .string({ message: contractMessage(msg`Enter the ${{ what }}`) })
    .trim()
    .max(6, { message: contractMessage(msg`Enter the 6-digit ${{ what }}`) })
    .regex(/^[0-9]{6}$/, { message: contractMessage(msg`Enter the 6-digit ${{ what }}`) });

/** POST /api/delivery/tasks/{id}/pickup : the code the farm sees on its order's delivery page. */
export const ZPickupTaskRequest = z.object({ code: code('pickup code') });
export type TPickupTaskRequest = z.infer<typeof ZPickupTaskRequest>;
export const ZPickupTaskResponse = ZDeliveryTask;
export type TPickupTaskResponse = TDeliveryTask;

/** POST /api/delivery/tasks/{id}/position : the holding agent of an in-transit task; 204. */
export const ZPostPositionRequest = z.object({
  lat: z.number({ message: contractMessage(msg`Latitude must be a number`) }).min(-90).max(90),
  lng: z.number({ message: contractMessage(msg`Longitude must be a number`) }).min(-180).max(180),
  /** Metres, as the browser reports it. */
  accuracy: z.number().nonnegative().max(100_000).optional(),
});
export type TPostPositionRequest = z.infer<typeof ZPostPositionRequest>;

/** POST /api/delivery/tasks/{id}/deliver : the buyer's confirmation code; photo and recipient optional. */
export const ZDeliverTaskRequest = z.object({
  code: code('buyer’s confirmation code'),
  photoUploadId: ZId.optional(),
  recipientName: z.string().trim().max(100, { message: contractMessage(msg`Too long (100 characters at most)`) }).optional(),
});
export type TDeliverTaskRequest = z.infer<typeof ZDeliverTaskRequest>;
export const ZDeliverTaskResponse = ZDeliveryTask;
export type TDeliverTaskResponse = TDeliveryTask;

/** POST /api/delivery/tasks/{id}/fail : photo required for nobody_there and wrong_address. */
export const ZFailTaskRequest = z
  .object({
    reason: ZFailureReason,
    note: z.string().trim().max(500, { message: contractMessage(msg`Too long (500 characters at most)`) }).optional(),
    photoUploadId: ZId.optional(),
  })
  .superRefine((value, context) => {
    if (FAILURE_REASONS_NEEDING_PHOTO.includes(value.reason) && !value.photoUploadId) {
      context.addIssue({ code: 'custom', path: ['photoUploadId'], message: contractMessage(msg`Add a photo of the place`) });
    }
  });
export type TFailTaskRequest = z.infer<typeof ZFailTaskRequest>;
export const ZFailTaskResponse = ZDeliveryTask;
export type TFailTaskResponse = TDeliveryTask;

/** POST /api/delivery/tasks/{id}/reopen (farm or admin, failed task): back to open for a new attempt. */
export const ZReopenTaskResponse = ZDeliveryTask;
/** POST /api/delivery/tasks/{id}/return (farm or admin, failed task): the goods stay with the farm. */
export const ZReturnTaskResponse = ZDeliveryTask;

/** GET /api/orders/{orderId}/delivery : the buyer and the farm (and admins). */
export const ZGetOrderDeliveryResponse = z.object({
  orderId: ZId,
  /** Null when the order has no task (pickup order, not accepted yet, or delivered by the farm). */
  task: z
    .object({
      id: ZId,
      status: ZDeliveryTaskStatus,
      attempt: z.number().int().positive(),
      failureReason: ZFailureReason.nullable(),
      recipientName: z.string().nullable(),
      proofPhotoUrl: z.string().nullable(),
    })
    .nullable(),
  agent: z.object({ userId: ZId, name: z.string(), vehicle: ZVehicle.nullable() }).nullable(),
  /** The agent's last position while in transit (dropped when the task ends). */
  position: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable(), at: z.iso.datetime() }).nullable(),
  pickup: ZPickupPoint,
  dropOff: ZDropOffPoint.nullable(),
  /** Shown to the farm only (the agent enters it at pickup); null for the buyer. */
  pickupCode: z.string().nullable(),
  /** Estimated arrival (from the last position, or the slot window), null when unknown. */
  etaAt: z.iso.datetime().nullable(),
  windowStartsAt: z.iso.datetime().nullable(),
  windowEndsAt: z.iso.datetime().nullable(),
  events: z.array(ZDeliveryEvent),
});
export type TGetOrderDeliveryResponse = z.infer<typeof ZGetOrderDeliveryResponse>;

export const AGENT_MAX_ACTIVE_TASKS_DEFAULT = 3;
export const MAX_DELIVERY_CODE_ATTEMPTS = 5;

export const TASK_TAKEN_MESSAGE = contractMessage(msg`This task was just taken by another agent`);
export const TASK_NOT_FOUND_MESSAGE = contractMessage(msg`Delivery task not found.`);
export const TOO_MANY_TASKS_MESSAGE = contractMessage(msg`You already hold the most tasks you can at once. Deliver or release one first.`);
export const TASK_NOT_OPEN_MESSAGE = contractMessage(msg`This task is no longer open.`);
export const RELEASE_AFTER_PICKUP_MESSAGE = contractMessage(msg`The goods are already picked up: finish the delivery or report a failed attempt.`);
export const NOT_PICKED_UP_MESSAGE = contractMessage(msg`Pick the order up at the farm first.`);
export const PICKUP_CODE_WRONG_MESSAGE = contractMessage(msg`That pickup code is not right. Ask the farm for the code shown on its order.`);
export const DELIVERY_CODE_WRONG_MESSAGE = contractMessage(msg`That confirmation code is not right. Ask the buyer for the code shown on their order.`);
export const CODE_ATTEMPTS_EXHAUSTED_MESSAGE = contractMessage(msg`Too many wrong codes. The buyer and the farm were told; contact them to sort it out.`);
export const POSITION_REFUSED_MESSAGE = contractMessage(msg`Only the agent carrying this order can share its position.`);
export const TASK_ORDER_ENDED_MESSAGE = contractMessage(msg`This order was cancelled or refunded: the task has ended. Do not collect or deliver it.`);
export const TASK_ENDED_MESSAGE = contractMessage(msg`This task has ended.`);
export const FARM_DELIVERY_HELD_MESSAGE = contractMessage(msg`A Pulse Agent holds this delivery: the agent hands it over.`);
