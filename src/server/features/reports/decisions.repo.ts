import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type MemberNotice, type NoticeKind, restoresAccount } from "../../../common/schemas/decisions";
import type { Db } from "../../db/client";
import { memberNotices, operators, profiles, reportDecisions, reports, sites, users } from "../../db/schema";

export type DecisionRow = typeof reportDecisions.$inferSelect;

/** The reports waiting about a member, oldest first, locked until the decision commits. */
export async function lockOpenReports(db: Db, memberId: number) {
  return db
    .select({ id: reports.id, reason: reports.reason, reporterId: reports.reporterId })
    .from(reports)
    .where(and(eq(reports.reportedId, memberId), isNull(reports.decidedAt)))
    .orderBy(asc(reports.id))
    .for("update");
}

export async function insertDecision(db: Db, values: typeof reportDecisions.$inferInsert): Promise<number> {
  const [row] = await db.insert(reportDecisions).values(values).returning({ id: reportDecisions.id });
  return row.id;
}

export async function insertNotices(db: Db, rows: { userId: number; decisionId: number; kind: NoticeKind }[]): Promise<void> {
  if (rows.length > 0) await db.insert(memberNotices).values(rows);
}

/** What a mail to a member needs: address, name, language and site. */
export async function mailFactsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, language: users.language, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(inArray(users.id, ids));
}

export async function decisionByKey(db: Db, key: string): Promise<DecisionRow | null> {
  const [row] = await db.select().from(reportDecisions).where(eq(reportDecisions.appealKey, key));
  return row ?? null;
}

/** The decision, locked for the appeal or its decision that changes it. */
export async function lockDecision(db: Db, id: number): Promise<DecisionRow | null> {
  const [row] = await db.select().from(reportDecisions).where(eq(reportDecisions.id, id)).for("update");
  return row ?? null;
}

export async function updateDecision(db: Db, id: number, values: Partial<typeof reportDecisions.$inferInsert>): Promise<void> {
  await db.update(reportDecisions).set(values).where(eq(reportDecisions.id, id));
}

/** The members whose reports a decision settled (a reporter erased since has none). */
export async function reportersOf(db: Db, decisionId: number): Promise<(number | null)[]> {
  const rows = await db.select({ reporterId: reports.reporterId }).from(reports).where(eq(reports.decisionId, decisionId)).orderBy(asc(reports.id));
  return rows.map((r) => r.reporterId);
}

/** Appeals waiting for a decision, the oldest first. */
export async function openAppeals(db: Db) {
  return db
    .select({ d: reportDecisions, name: profiles.name, email: users.email, decidedByEmail: operators.email })
    .from(reportDecisions)
    .innerJoin(users, eq(users.id, reportDecisions.memberId))
    .innerJoin(profiles, eq(profiles.id, reportDecisions.memberId))
    .innerJoin(operators, eq(operators.id, reportDecisions.decidedBy))
    .where(and(isNotNull(reportDecisions.appealedAt), isNull(reportDecisions.appealOutcome)))
    .orderBy(asc(reportDecisions.appealedAt))
    .limit(100);
}

export async function reportReasonsOf(db: Db, decisionIds: number[]) {
  if (decisionIds.length === 0) return [];
  return db
    .select({ decisionId: reports.decisionId, reason: reports.reason })
    .from(reports)
    .where(inArray(reports.decisionId, decisionIds))
    .orderBy(asc(reports.id));
}

/**
 * The member's notices not yet seen, oldest first, as the site shows them. A reporter's notice names
 * the member reported and whether the site acted: nothing of the sanction.
 */
export async function unseenNotices(db: Db, userId: number, appealOpenSince: Date): Promise<MemberNotice[]> {
  const rows = await db
    .select({ n: memberNotices, d: reportDecisions, about: profiles.name })
    .from(memberNotices)
    .innerJoin(reportDecisions, eq(reportDecisions.id, memberNotices.decisionId))
    .leftJoin(profiles, eq(profiles.id, reportDecisions.memberId))
    .where(and(eq(memberNotices.userId, userId), isNull(memberNotices.seenAt)))
    .orderBy(asc(memberNotices.id))
    .limit(20);
  return rows.map(({ n, d, about }): MemberNotice => {
    const base = { id: n.id, kind: n.kind, at: n.createdAt.toISOString() };
    if (n.kind === "report_outcome") return { ...base, acted: d.decision !== "dismiss" && d.appealOutcome !== "reversed", about: about ?? "" };
    if (n.kind === "report_appeal_outcome") {
      const outcome = d.appealOutcome ?? "upheld";
      return { ...base, about: about ?? "", outcome, restored: restoresAccount(d.decision, outcome) };
    }
    const details = {
      decision: d.decision,
      rule: d.rule,
      reason: n.kind === "decision" ? d.reason : (d.appealReason ?? ""),
      until: d.until?.toISOString() ?? null,
    };
    if (n.kind === "appeal_outcome") return { ...base, ...details, outcome: d.appealOutcome ?? "upheld" };
    const appealable = d.appealKey !== null && d.appealedAt === null && d.decidedAt > appealOpenSince;
    return { ...base, ...details, appeal: appealable ? d.appealKey : null };
  });
}

/** Marks a notice of the member seen; false when it is not theirs. */
export async function markNoticeSeen(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(memberNotices)
    .set({ seenAt: sql`coalesce(${memberNotices.seenAt}, now())` })
    .where(and(eq(memberNotices.id, id), eq(memberNotices.userId, userId)))
    .returning({ id: memberNotices.id });
  return rows.length > 0;
}
