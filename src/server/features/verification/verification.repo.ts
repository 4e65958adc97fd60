import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { VerificationPose, VerificationRejectionReason } from "../../../common/verification";
import type { Db } from "../../db/client";
import { photos, profiles, sites, verificationRequests } from "../../db/schema";

export type VerificationRow = typeof verificationRequests.$inferSelect;

/** The member's newest request, whatever its status, or null. */
export async function latestRequest(db: Db, profileId: number): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.profileId, profileId))
    .orderBy(desc(verificationRequests.id))
    .limit(1);
  return row ?? null;
}

export async function verifiedAtOf(db: Db, profileId: number): Promise<Date | null> {
  const [row] = await db.select({ at: profiles.verifiedAt }).from(profiles).where(eq(profiles.id, profileId));
  return row?.at ?? null;
}

export async function hasApprovedPhoto(db: Db, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, "approved")))
    .limit(1);
  return Boolean(row);
}

/**
 * Starts a request with `pose` in the caller's transaction, unless one is open (started or pending):
 * then that one, unchanged. The member's profile row is locked, so two starts at once make one request.
 */
export async function openRequest(tx: Db, profileId: number, pose: () => VerificationPose): Promise<VerificationRow> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update");
  const [open] = await tx
    .select()
    .from(verificationRequests)
    .where(and(eq(verificationRequests.profileId, profileId), inArray(verificationRequests.status, ["started", "pending"])));
  if (open) return open;
  const [row] = await tx.insert(verificationRequests).values({ profileId, pose: pose(), status: "started" }).returning();
  return row;
}

/** Puts the selfie on the member's started request, which joins the queue; null when none is started. */
export async function submitSelfie(db: Db, profileId: number, selfieKey: string): Promise<VerificationRow | null> {
  const [row] = await db
    .update(verificationRequests)
    .set({ status: "pending", selfieKey, submittedAt: new Date() })
    .where(and(eq(verificationRequests.profileId, profileId), eq(verificationRequests.status, "started")))
    .returning();
  return row ?? null;
}

const waiting = eq(verificationRequests.status, "pending");

export async function waitingCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(verificationRequests).where(waiting);
  return Number(n);
}

/** The oldest waiting requests with their member and site. */
export async function oldestWaiting(db: Db, limit: number) {
  return db
    .select({
      request: verificationRequests,
      member: { id: profiles.id, name: profiles.name, gender: profiles.gender, dateOfBirth: profiles.dateOfBirth },
      site: { domain: sites.domain },
    })
    .from(verificationRequests)
    .innerJoin(profiles, eq(profiles.id, verificationRequests.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .where(waiting)
    .orderBy(asc(verificationRequests.submittedAt), asc(verificationRequests.id))
    .limit(limit);
}

/** The approved photos of these members, in profile order: what a selfie is compared with. */
export async function approvedPhotosOf(db: Db, profileIds: number[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({ id: photos.id, profileId: photos.profileId })
    .from(photos)
    .where(and(inArray(photos.profileId, profileIds), eq(photos.status, "approved")))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/** The selfie of a waiting request, or null (unknown, not waiting, or decided already). */
export async function waitingSelfieKey(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ key: verificationRequests.selfieKey })
    .from(verificationRequests)
    .where(and(eq(verificationRequests.id, id), waiting));
  return row?.key ?? null;
}

export type VerificationDecision = { decision: "approve" } | { decision: "reject"; reason: VerificationRejectionReason };

/**
 * Decides a waiting request in the caller's transaction: null when none waits by that id (unknown,
 * or decided by someone else first). The selfie's key is dropped from the row and returned, for the
 * caller to remove the file once the decision is kept. An approval marks the member verified.
 */
export async function decideRequest(tx: Db, id: number, operatorId: number, d: VerificationDecision) {
  const [before] = await tx
    .select({ selfieKey: verificationRequests.selfieKey })
    .from(verificationRequests)
    .where(and(eq(verificationRequests.id, id), waiting))
    .for("update");
  if (!before) return null;
  const [row] = await tx
    .update(verificationRequests)
    .set({
      status: d.decision === "approve" ? "approved" : "rejected",
      rejectionReason: d.decision === "reject" ? d.reason : null,
      decidedAt: new Date(),
      decidedBy: operatorId,
      selfieKey: null,
    })
    .where(and(eq(verificationRequests.id, id), waiting))
    .returning();
  if (!row) return null;
  if (d.decision === "approve") await tx.update(profiles).set({ verifiedAt: row.decidedAt }).where(eq(profiles.id, row.profileId));
  return { row, selfieKey: before.selfieKey };
}
