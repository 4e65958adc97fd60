import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { STUCK_PAYMENT_HOURS } from "../../../common/schemas/operations";
import type { Db } from "../../db/client";
import { complaints, jobs, payments, photos, reports, users, verificationRequests } from "../../db/schema";

const LIST = 50;
const startOfToday = sql`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
const count = sql<number>`count(*)::int`;

/** Today's (UTC) counts over all sites, and what waits for an operator now. */
export async function todayCounts(db: Db) {
  const [[signups], bought, [waitingReports], [waitingPhotos], [openComplaints], [waitingVerifications]] = await Promise.all([
    db.select({ n: count }).from(users).where(gte(users.signupDate, startOfToday)),
    db
      .select({ currency: payments.currency, n: count, amount: sql<number>`sum(${payments.amount})::int` })
      .from(payments)
      .where(and(gte(payments.paidAt, startOfToday), isNotNull(payments.creditedAt)))
      .groupBy(payments.currency)
      .orderBy(payments.currency),
    db.select({ n: count }).from(reports).where(isNull(reports.decidedAt)),
    db.select({ n: count }).from(photos).where(eq(photos.status, "pending")),
    db.select({ n: count }).from(complaints).where(eq(complaints.status, "open")),
    db.select({ n: count }).from(verificationRequests).where(eq(verificationRequests.status, "pending")),
  ]);
  return {
    signups: signups.n,
    purchases: bought.reduce((sum, b) => sum + b.n, 0),
    revenue: bought.map((b) => ({ currency: b.currency, amount: b.amount })),
    reports_waiting: waitingReports.n,
    photos_waiting: waitingPhotos.n,
    complaints_open: openComplaints.n,
    verifications_waiting: waitingVerifications.n,
  };
}

/** Jobs that gave up, and jobs not done whose last try failed (retried later), newest first. */
export function failingJobs(db: Db) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      failedAt: jobs.failedAt,
      runAt: jobs.runAt,
      createdAt: jobs.createdAt,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNotNull(jobs.lastError)))
    .orderBy(desc(jobs.id))
    .limit(LIST);
}

export function stuckPayments(db: Db) {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ["open", "pending"]), lt(payments.createdAt, sql`now() - make_interval(hours => ${STUCK_PAYMENT_HOURS})`)))
    .orderBy(payments.createdAt)
    .limit(LIST);
}

/**
 * Gives a failed job another try now: one that gave up gets one more attempt (it gives up again
 * if that fails too); one waiting for its next try runs at once. Answers its kind, or null when
 * there is no such job still to do.
 */
export async function retryJob(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .update(jobs)
    .set({
      failedAt: null,
      runAt: sql`now()`,
      lockedUntil: null,
      maxAttempts: sql`CASE WHEN ${jobs.failedAt} IS NULL THEN ${jobs.maxAttempts} ELSE ${jobs.attempts} + 1 END`,
    })
    .where(and(eq(jobs.id, id), isNull(jobs.doneAt), isNotNull(jobs.lastError)))
    .returning({ kind: jobs.kind });
  return row?.kind ?? null;
}
