import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { REPORT_EVIDENCE_MESSAGES } from "../../../common/constants";
import type { QueuedReport, ReportDecision, ReportEvidence } from "../../../common/schemas/reports";
import type { Db } from "../../db/client";
import { conversations, messages, profiles, reports, sites, users } from "../../db/schema";
import { restrictedSql } from "../members/accessRestrictions";

/**
 * The last messages of the conversation of two members, oldest first, as they are now (null: they
 * never talked). With `reported` (a message of the conversation), that message is marked; when it is
 * older than the last ones, the snapshot is it and the messages before it instead.
 */
export async function conversationSnapshot(db: Db, siteId: number, a: number, b: number, reported?: number): Promise<ReportEvidence[] | null> {
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.siteId, siteId), eq(conversations.memberA, Math.min(a, b)), eq(conversations.memberB, Math.max(a, b))));
  if (!conversation) return null;
  const last = (upTo?: number) =>
    db
      .select({ id: messages.id, from: messages.senderId, at: messages.createdAt, kind: messages.kind, body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), upTo === undefined ? undefined : lte(messages.id, upTo)))
      .orderBy(desc(messages.id))
      .limit(REPORT_EVIDENCE_MESSAGES);
  let rows = await last();
  if (reported !== undefined && !rows.some((m) => m.id === reported)) rows = await last(reported);
  return rows
    .reverse()
    .map((m) => ({ id: m.id, from: m.from, at: m.at.toISOString(), kind: m.kind, body: m.body, ...(m.id === reported ? { reported: true } : {}) }));
}

/** Whether `messageId` is a message `senderId` sent to `recipientId` (the one a report may be about). */
export async function isMessageBetween(db: Db, messageId: number, senderId: number, recipientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.senderId, senderId),
        eq(conversations.memberA, Math.min(senderId, recipientId)),
        eq(conversations.memberB, Math.max(senderId, recipientId)),
      ),
    );
  return Boolean(row);
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
    .select({
      id: users.id,
      name: profiles.name,
      email: users.email,
      site: sites.domain,
      restricted: sql<boolean>`${restrictedSql(users.id)}`,
      // Messages of theirs that asked for money or moved the talk elsewhere (scam signals; messages_scam_idx).
      scam_messages: sql<number>`(SELECT count(*)::int FROM ${messages} WHERE ${messages.senderId} = ${users.id} AND ${messages.scamSignals} <> 0)`,
    })
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
    message_id: r.messageId,
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
