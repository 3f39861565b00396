import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_TASK_STATUSES, type TDeliveryTaskStatus } from '@pulse/contract/delivery';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema/agents';
import { deliveryTaskEvents, deliveryTasks, type DeliveryTaskEventRow, type DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import { users } from '../../db/schema/users';

type NewTaskRow = typeof deliveryTasks.$inferInsert;

export function newPickupCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Great-circle distance in km between two points given as SQL expressions (haversine, no PostGIS). */
export function haversineKm(lat1: unknown, lng1: unknown, lat2: unknown, lng2: unknown) {
  return sql<number>`(2 * 6371 * asin(sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2) +
    cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)
  )))`;
}

export function haversineKmJs(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (value: number) => (value * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export async function insertTask(db: Db, values: NewTaskRow): Promise<DeliveryTaskRow> {
  const [row] = await db.insert(deliveryTasks).values(values).onConflictDoNothing({ target: deliveryTasks.orderId }).returning();
  if (row) return row;
  const existing = await findTaskByOrderId(db, values.orderId);
  if (!existing) throw new Error('delivery task neither inserted nor found');
  return existing;
}

export async function findTaskById(db: Db, id: string): Promise<DeliveryTaskRow | null> {
  const [row] = await db.select().from(deliveryTasks).where(eq(deliveryTasks.id, id));
  return row ?? null;
}

export async function lockTask(db: Db, id: string): Promise<DeliveryTaskRow | null> {
  const [row] = await db.select().from(deliveryTasks).where(eq(deliveryTasks.id, id)).for('update');
  return row ?? null;
}

export async function lockTaskOfOrder(db: Db, orderId: string): Promise<void> {
  await db.select({ id: deliveryTasks.id }).from(deliveryTasks).where(eq(deliveryTasks.orderId, orderId)).for('update');
}

export async function findTaskByOrderId(db: Db, orderId: string): Promise<DeliveryTaskRow | null> {
  const [row] = await db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, orderId));
  return row ?? null;
}

export async function updateTask(db: Db, id: string, patch: Partial<NewTaskRow>): Promise<DeliveryTaskRow> {
  const [row] = await db.update(deliveryTasks).set(patch).where(eq(deliveryTasks.id, id)).returning();
  if (!row) throw new Error('delivery task vanished');
  return row;
}

/**
 * THE claim: one conditional UPDATE. It succeeds only while the task is open and the agent holds
 * fewer than `maxActive` tasks; under concurrency PostgreSQL re-checks `status = 'open'` on the row
 * version the winner wrote, so exactly one claimer gets a row back. The caller has locked the
 * agent's own row first, so one agent's parallel claims of different tasks are counted in turn.
 */
export async function claimOpenTask(db: Db, taskId: string, agentUserId: string, maxActive: number, now: Date): Promise<DeliveryTaskRow | null> {
  const result = await db.execute(sql`
    update delivery_tasks set agent_user_id = ${agentUserId}, status = 'claimed', claimed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
    where id = ${taskId} and status = 'open'
      and (select count(*) from delivery_tasks held where held.agent_user_id = ${agentUserId} and held.status in ('claimed', 'in_transit')) < ${maxActive}
    returning id`);
  const rows = (result as unknown as { rows: Array<{ id: string }> }).rows;
  if (rows.length === 0) return null;
  return findTaskById(db, taskId);
}

/** Locks the agent's row so its claims are counted one at a time. */
export async function lockAgentRow(db: Db, userId: string): Promise<void> {
  await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId)).for('update');
}

export async function countActiveTasks(db: Db, agentUserId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(deliveryTasks)
    .where(and(eq(deliveryTasks.agentUserId, agentUserId), inArray(deliveryTasks.status, [...ACTIVE_TASK_STATUSES])));
  return Number(row?.value ?? 0);
}

/**
 * Open tasks whose farm lies within `radiusKm` of the agent's point, nearest first: one statement.
 * A bounding box on the partial index (open tasks only, by pickup lat/lng) narrows the rows before
 * the exact haversine distance filters and orders them.
 */
export async function listOpenTasksNear(db: Db, origin: { lat: number; lng: number }, radiusKm: number, limit: number): Promise<Array<DeliveryTaskRow & { distanceToPickupKm: number }>> {
  const latDelta = radiusKm / 111.32;
  const lngDelta = radiusKm / (111.32 * Math.max(Math.cos((origin.lat * Math.PI) / 180), 0.01));
  const distance = haversineKm(origin.lat, origin.lng, deliveryTasks.pickupLat, deliveryTasks.pickupLng);
  const rows = await db
    .select({ task: deliveryTasks, distance })
    .from(deliveryTasks)
    .where(
      and(
        eq(deliveryTasks.status, 'open'),
        sql`${deliveryTasks.pickupLat} between ${origin.lat - latDelta} and ${origin.lat + latDelta}`,
        sql`${deliveryTasks.pickupLng} between ${origin.lng - lngDelta} and ${origin.lng + lngDelta}`,
        sql`${distance} <= ${radiusKm}`,
      ),
    )
    .orderBy(asc(distance), asc(deliveryTasks.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.task, distanceToPickupKm: Number(row.distance) }));
}

export async function listTasksOfAgent(db: Db, agentUserId: string, statuses: readonly TDeliveryTaskStatus[]): Promise<DeliveryTaskRow[]> {
  return db
    .select()
    .from(deliveryTasks)
    .where(and(eq(deliveryTasks.agentUserId, agentUserId), inArray(deliveryTasks.status, [...statuses])))
    .orderBy(desc(deliveryTasks.updatedAt))
    .limit(100);
}

/** Approved delivery agents whose working radius covers the point (for live offers). */
export async function findAgentsCovering(db: Db, point: { lat: number; lng: number }): Promise<string[]> {
  const distance = haversineKm(agents.lat, agents.lng, point.lat, point.lng);
  const rows = await db
    .select({ userId: agents.userId })
    .from(agents)
    .where(and(eq(agents.status, 'approved'), inArray(agents.kind, ['delivery', 'both']), sql`${agents.lat} is not null`, sql`${distance} <= ${agents.workingRadiusKm}`))
    .limit(1000);
  return rows.map((row) => row.userId);
}

export async function insertTaskEvent(
  db: Db,
  values: { taskId: string; kind: string; actor: string; actorUserId: string | null; note?: string | null; createdAt?: Date },
): Promise<void> {
  await db.insert(deliveryTaskEvents).values({ ...values, note: values.note ?? null });
}

export async function listTaskEvents(db: Db, taskId: string): Promise<Array<DeliveryTaskEventRow & { actorUsername: string | null }>> {
  const rows = await db
    .select({ event: deliveryTaskEvents, username: users.username })
    .from(deliveryTaskEvents)
    .leftJoin(users, eq(users.id, deliveryTaskEvents.actorUserId))
    .where(eq(deliveryTaskEvents.taskId, taskId))
    .orderBy(asc(deliveryTaskEvents.createdAt), asc(deliveryTaskEvents.id));
  return rows.map((row) => ({ ...row.event, actorUsername: row.username }));
}
