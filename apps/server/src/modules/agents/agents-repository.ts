import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { TAgentStatus } from '@pulse/contract/agents';
import type { Db } from '../../db/client';
import { agentApplicationHistory, agents, type AgentRow } from '../../db/schema/agents';
import { users } from '../../db/schema/users';

type NewAgentRow = typeof agents.$inferInsert;
type NewAgentHistoryRow = typeof agentApplicationHistory.$inferInsert;
export type AgentHistoryRow = typeof agentApplicationHistory.$inferSelect;

export async function findAgentByUserId(db: Db, userId: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

export async function findAgentById(db: Db, id: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row ?? null;
}

export type AgentApplicationForm = Pick<
  NewAgentRow,
  | 'kind'
  | 'region'
  | 'lat'
  | 'lng'
  | 'workingRadiusKm'
  | 'vehicle'
  | 'phone'
  | 'payoutMethod'
  | 'payoutAccountName'
  | 'payoutAccountNumber'
  | 'payoutProviderName'
  | 'idDocumentUploadId'
  | 'termsAcceptedAt'
  | 'submittedAt'
>;

export async function insertAgentApplication(db: Db, userId: string, form: AgentApplicationForm): Promise<AgentRow> {
  const [row] = await db
    .insert(agents)
    .values({ ...form, userId, status: 'pending' })
    .returning();
  if (!row) throw new Error('Insert into agents returned no row');
  return row;
}

/** Puts a rejected application back to pending with the new submission; null unless it was rejected. */
export async function resubmitRejectedAgentApplication(db: Db, id: string, form: AgentApplicationForm): Promise<AgentRow | null> {
  const [row] = await db
    .update(agents)
    .set({ ...form, status: 'pending', rejectionReason: null, reviewedAt: null, reviewedByUserId: null })
    .where(and(eq(agents.id, id), eq(agents.status, 'rejected')))
    .returning();
  return row ?? null;
}

/** Approves or rejects a pending application; null if it is not pending (any more). */
export async function decidePendingAgentApplication(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; rejectionReason: string | null; reviewedByUserId: string; reviewedAt: Date },
): Promise<AgentRow | null> {
  const [row] = await db
    .update(agents)
    .set(decision)
    .where(and(eq(agents.id, id), eq(agents.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function insertAgentApplicationHistory(db: Db, values: Omit<NewAgentHistoryRow, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(agentApplicationHistory).values(values);
}

export async function listAgentApplicationHistory(db: Db, agentId: string): Promise<AgentHistoryRow[]> {
  return db
    .select()
    .from(agentApplicationHistory)
    .where(eq(agentApplicationHistory.agentId, agentId))
    .orderBy(desc(agentApplicationHistory.createdAt), desc(agentApplicationHistory.id));
}

export async function countAgentApplicationsByStatus(db: Db, status: TAgentStatus): Promise<number> {
  const [row] = await db.select({ value: count() }).from(agents).where(eq(agents.status, status));
  return row?.value ?? 0;
}

export type AdminAgentApplicationRow = AgentRow & { applicantUsername: string; applicantEmail: string };

/** Newest application first (ids are UUIDv7), optionally of one status; keyset on id. */
export async function listAgentApplicationsForAdmin(
  db: Db,
  query: { status: TAgentStatus | undefined; afterId: string | null; limit: number },
): Promise<AdminAgentApplicationRow[]> {
  const rows = await db
    .select({ application: agents, username: users.username, email: users.email })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(and(query.status ? eq(agents.status, query.status) : undefined, query.afterId ? lt(agents.id, query.afterId) : undefined))
    .orderBy(desc(agents.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row.application, applicantUsername: row.username, applicantEmail: row.email }));
}
