import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { uploads } from './uploads';
import { users } from './users';

export const deliveryTaskStatus = pgEnum('delivery_task_status', ['open', 'claimed', 'in_transit', 'delivered', 'failed', 'returned', 'cancelled']);
export const deliveryFailureReason = pgEnum('delivery_failure_reason', ['nobody_there', 'wrong_address', 'refused', 'unsafe', 'other']);

/**
 * One delivery task per delivery order (created when the farm accepts it). The pickup point is
 * copied from the farm (seller profile / application) at creation so the open-task search is one
 * indexed statement over this table; the drop-off comes from the order's address snapshot.
 * The last position lives on the row while in transit and is cleared when the task ends.
 */
export const deliveryTasks = pgTable(
  'delivery_tasks',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: deliveryTaskStatus('status').notNull().default('open'),
    agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    attempt: integer('attempt').notNull().default(1),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropOffLat: doublePrecision('drop_off_lat'),
    dropOffLng: doublePrecision('drop_off_lng'),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    itemCount: integer('item_count').notNull().default(0),
    weightGrams: integer('weight_grams'),
    windowStartsAt: timestampColumn('window_starts_at'),
    windowEndsAt: timestampColumn('window_ends_at'),
    pickupCode: text('pickup_code').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    failureReason: deliveryFailureReason('failure_reason'),
    failureNote: text('failure_note'),
    recipientName: text('recipient_name'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    endedMessage: text('ended_message'),
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastAccuracy: doublePrecision('last_accuracy'),
    lastPositionAt: timestampColumn('last_position_at'),
    claimedAt: timestampColumn('claimed_at'),
    pickedUpAt: timestampColumn('picked_up_at'),
    endedAt: timestampColumn('ended_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('delivery_tasks_order_unique').on(table.orderId),
    // Open-task search: the partial index holds only open tasks, with the farm's coordinates.
    index('delivery_tasks_open_pickup_idx').on(table.pickupLat, table.pickupLng).where(sql`status = 'open'`),
    // Active-task count per agent (the claim's limit check) and "my tasks".
    index('delivery_tasks_agent_status_idx').on(table.agentUserId, table.status),
  ],
);

export type DeliveryTaskRow = typeof deliveryTasks.$inferSelect;

/** Every step of a task with who and when (claims, releases, pickups, wrong codes, failures...). */
export const deliveryTaskEvents = pgTable(
  'delivery_task_events',
  {
    id: idColumn(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => deliveryTasks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('delivery_task_events_task_created_idx').on(table.taskId, table.createdAt)],
);

export type DeliveryTaskEventRow = typeof deliveryTaskEvents.$inferSelect;
