import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { REPORT_EVIDENCE_MESSAGES } from "../../../common/constants";
import type { QueuedReport, ReportDecision, ReportEvidence } from "../../../common/schemas/reports";
import type { Db } from "../../db/client";
import { conversations, messages, profiles, reports, sites, users } from "../../db/schema";
import { restrictedSql } from "../members/memberRestrictions";

/** The last messages of the conversation of two members, oldest first, as they are now (null: they never talked). */
export async function conversationSnapshot(db: Db, siteId: number, a: number, b: number): Promise<ReportEvidence[] | null> {
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.siteId, siteId), eq(conversations.memberA, Math.min(a, b)), eq(conversations.memberB, Math.max(a, b))));
  if (!conversation) return null;
  const rows = await db
    .select({ id: messages.id, from: messages.senderId, at: messages.createdAt, kind: messages.kind, body: messages.body })
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.id))
    .limit(REPORT_EVIDENCE_MESSAGES);
  return rows.reverse().map((m) => ({ id: m.id, from: m.from, at: m.at.toISOString(), kind: m.kind, body: m.body }));
}

export async function insertReport(db: Db, values: typeof reports.$inferInsert): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row.id;
}

const QUEUE_MEMBERS = 50;

/** Members with reports waiting, the longest-waiting first. */
export async function membersWithOpenReports(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: reports.reportedId })
    .from(reports)
    .where(isNull(reports.decidedAt))
    .groupBy(reports.reportedId)
    .orderBy(sql`min(${reports.id})`)
    .limit(QUEUE_MEMBERS);
  return rows.map((r) => r.id);
}

export async function reportedMembers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: profiles.name, email: users.email, site: sites.domain, restricted: sql<boolean>`${restrictedSql(users.id)}` })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(inArray(users.id, ids));
}

/** Every report about these members, oldest first. */
export async function reportsAbout(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(reports).where(inArray(reports.reportedId, ids)).orderBy(asc(reports.id));
}

export function queuedReportDto(r: typeof reports.$inferSelect): QueuedReport {
  return {
    id: r.id,
    reason: r.reason,
    text: r.text,
    reporter_id: r.reporterId,
    created_at: r.createdAt.toISOString(),
    evidence: r.evidence,
    decision: r.decision,
    decision_reason: r.decisionReason,
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

/** Marks the reports decided, by the decision they share. */
export async function decideReports(
  db: Db,
  ids: number[],
  d: { decision: ReportDecision; reason: string; operatorId: number; decisionId: number },
): Promise<void> {
  await db
    .update(reports)
    .set({ decidedAt: new Date(), decision: d.decision, decisionReason: d.reason, decidedBy: d.operatorId, decisionId: d.decisionId })
    .where(inArray(reports.id, ids));
}
