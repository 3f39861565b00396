import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { hubComments, hubPosts, hubReports, type HubReportRow } from '../../db/schema/hub';
import { users } from '../../db/schema/users';

type ReportStatus = HubReportRow['status'];
type TargetType = HubReportRow['targetType'];

/** Stores the report unless this person already reported the item (the unique index); null then. */
export async function insertReportOnce(
  db: Db,
  values: { reporterUserId: string; targetType: TargetType; targetId: string; postId: string; authorUserId: string; category: HubReportRow['category']; comment: string },
): Promise<HubReportRow | null> {
  const [row] = await db
    .insert(hubReports)
    .values(values)
    .onConflictDoNothing({ target: [hubReports.reporterUserId, hubReports.targetType, hubReports.targetId] })
    .returning();
  return row ?? null;
}

/** Active admins, who are told about each new report. */
export async function listActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, isNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}

export async function findReportById(db: Db, reportId: string): Promise<HubReportRow | null> {
  const [row] = await db.select().from(hubReports).where(eq(hubReports.id, reportId));
  return row ?? null;
}

/**
 * The open reports on one item, locked in id order: two admins deciding reports of the same item
 * at once take the locks in the same order, and the second then finds none open.
 */
export async function lockOpenReportsOnTarget(db: Db, targetType: TargetType, targetId: string): Promise<HubReportRow[]> {
  return db
    .select()
    .from(hubReports)
    .where(and(eq(hubReports.targetType, targetType), eq(hubReports.targetId, targetId), eq(hubReports.status, 'open')))
    .orderBy(asc(hubReports.id))
    .for('update');
}

export async function markReportsDecided(
  db: Db,
  reportIds: string[],
  values: { status: Exclude<ReportStatus, 'open'>; decidedByUserId: string; decidedAt: Date; decisionReason: string | null },
): Promise<void> {
  if (reportIds.length === 0) return;
  await db.update(hubReports).set(values).where(inArray(hubReports.id, reportIds));
}

/** Hides the post or comment from everyone but its author (an earlier hiding time is kept). */
export async function hideReportedItem(db: Db, targetType: TargetType, targetId: string, at: Date): Promise<void> {
  if (targetType === 'post') {
    await db.update(hubPosts).set({ hiddenAt: sql`coalesce(${hubPosts.hiddenAt}, ${at.toISOString()}::timestamptz)` }).where(eq(hubPosts.id, targetId));
  } else {
    await db.update(hubComments).set({ hiddenAt: sql`coalesce(${hubComments.hiddenAt}, ${at.toISOString()}::timestamptz)` }).where(eq(hubComments.id, targetId));
  }
}

export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(hubReports).where(eq(hubReports.status, 'open'));
  return Number(row?.total ?? 0);
}

/** One report of the admin queue with the item as it is now. */
export interface AdminReportRow {
  report: HubReportRow;
  reporterUsername: string;
  authorUsername: string;
  authorSuspended: boolean;
  deciderUsername: string | null;
  excerpt: string;
  targetHidden: boolean;
  reportCountOnTarget: number;
  /** created_at in UTC with microseconds, for the page cursor. */
  cursorAt: string;
}

/**
 * The admin queue: reports of one status (open: oldest first; decided: newest first), keyset on
 * (created_at, id), or one report by id. One statement: reporter, author, decider and the item
 * are joined, and the open reports on the same item counted per row.
 */
export async function listAdminReportRows(
  db: Db,
  query: { status: ReportStatus; after: { at: string; id: string } | null; limit: number } | { id: string },
): Promise<AdminReportRow[]> {
  const reporter = alias(users, 'reporter');
  const author = alias(users, 'author');
  const decider = alias(users, 'decider');
  let where: SQL | undefined;
  let order: SQL[];
  if ('id' in query) {
    where = eq(hubReports.id, query.id);
    order = [asc(hubReports.id)];
  } else {
    const oldestFirst = query.status === 'open';
    const at = query.after ? sql`${query.after.at}::timestamptz` : null;
    const beyond =
      query.after && at
        ? oldestFirst
          ? or(sql`${hubReports.createdAt} > ${at}`, and(sql`${hubReports.createdAt} = ${at}`, gt(hubReports.id, query.after.id)))
          : or(sql`${hubReports.createdAt} < ${at}`, and(sql`${hubReports.createdAt} = ${at}`, lt(hubReports.id, query.after.id)))
        : undefined;
    where = and(eq(hubReports.status, query.status), beyond);
    order = oldestFirst ? [asc(hubReports.createdAt), asc(hubReports.id)] : [desc(hubReports.createdAt), desc(hubReports.id)];
  }
  const rows = await db
    .select({
      report: hubReports,
      reporterUsername: reporter.username,
      authorUsername: author.username,
      authorSuspendedAt: author.suspendedAt,
      deciderUsername: decider.username,
      postText: hubPosts.text,
      postHiddenAt: hubPosts.hiddenAt,
      commentText: hubComments.text,
      commentHiddenAt: hubComments.hiddenAt,
      reportCountOnTarget: sql<number>`(select count(*)::int from hub_reports other where other.target_type = ${hubReports.targetType} and other.target_id = ${hubReports.targetId} and (other.status = 'open' or other.id = ${hubReports.id}))`,
      cursorAt: sql<string>`to_char(${hubReports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(hubReports)
    .innerJoin(reporter, eq(reporter.id, hubReports.reporterUserId))
    .innerJoin(author, eq(author.id, hubReports.authorUserId))
    .leftJoin(decider, eq(decider.id, hubReports.decidedByUserId))
    .innerJoin(hubPosts, eq(hubPosts.id, hubReports.postId))
    .leftJoin(hubComments, and(eq(hubReports.targetType, 'comment'), eq(hubComments.id, hubReports.targetId)))
    .where(where)
    .orderBy(...order)
    .limit('id' in query ? 1 : query.limit);
  return rows.map((row) => {
    const isPost = row.report.targetType === 'post';
    return {
      report: row.report,
      reporterUsername: row.reporterUsername,
      authorUsername: row.authorUsername,
      authorSuspended: row.authorSuspendedAt !== null,
      deciderUsername: row.deciderUsername,
      excerpt: (isPost ? row.postText : row.commentText) ?? '',
      targetHidden: isPost ? row.postHiddenAt !== null : row.commentHiddenAt !== null,
      reportCountOnTarget: Number(row.reportCountOnTarget),
      cursorAt: row.cursorAt,
    };
  });
}
