import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { notFound } from "../../errors";
import { enqueue } from "../../jobs/queue";
import { revokeAllSessions } from "../auth/auth.repo";
import { recordAudit } from "../audit/audit.repo";
import { addRestriction, hideProfile, liftRestrictions, restoreProfileStatus } from "../members/accessRestrictions";

/** The job that puts a suspended member's profile back when the suspension is over. */
export const RESTRICTION_END_JOB = "restriction-end";

const DAY = 86_400_000;

export interface RestrictionOrder {
  operatorId: number;
  memberId: number;
  reason: string;
  /** Days of a suspension; none for a ban. */
  days?: number;
}

/**
 * Bans and suspensions. In one transaction with the audit row: the restriction, the profile off the
 * site (members/accessRestrictions.ts) and every session of the member ended; then cached copies and live
 * sockets go on every instance.
 */
export class RestrictionsService {
  constructor(
    private readonly db: Db,
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly onSessionsEnded: (userId: number) => Promise<void>,
    private readonly onJobQueued: () => void,
  ) {}

  /** `alongside` runs in the same transaction, after the restriction (a report decision that leads to it). */
  async restrict(
    order: RestrictionOrder,
    alongside?: (tx: Db, restriction: { id: number; until: Date | null }) => Promise<void>,
  ): Promise<{ until: Date | null }> {
    const until = order.days ? new Date(Date.now() + order.days * DAY) : null;
    await this.db.transaction(async (tx) => {
      await assertMemberExists(tx, order.memberId);
      const restrictionId = await addRestriction(tx, { memberId: order.memberId, operatorId: order.operatorId, reason: order.reason, until });
      await hideProfile(tx, order.memberId);
      await revokeAllSessions(tx, order.memberId);
      if (until) await enqueue(tx, RESTRICTION_END_JOB, { userId: order.memberId }, { runAt: until });
      await recordAudit(tx, {
        operatorId: order.operatorId,
        action: until ? "member.suspend" : "member.ban",
        memberId: order.memberId,
        reason: order.reason,
        details: until ? { restriction_id: restrictionId, days: order.days, until: until.toISOString() } : { restriction_id: restrictionId },
      });
      await alongside?.(tx, { id: restrictionId, until });
    });
    if (until) this.onJobQueued();
    await this.afterChange(order.memberId, true);
    return { until };
  }

  /** Ends every ban and suspension of the member in force now; the profile comes back where its facts allow. */
  async lift(operatorId: number, memberId: number, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await assertMemberExists(tx, memberId);
      if ((await liftIn(tx, operatorId, memberId, reason)).length === 0) throw notFound();
    });
    await this.afterChange(memberId, false);
  }

  /** After a restriction was lifted in another feature's transaction (an appeal reversed): caches and lists follow. */
  async lifted(memberId: number): Promise<void> {
    await this.afterChange(memberId, false);
  }

  /** The end of a suspension (a job at its end): the profile comes back unless another restriction holds. */
  async suspensionOver(memberId: number): Promise<void> {
    await restoreProfileStatus(this.db, memberId);
    await this.onMemberChanged(memberId);
  }

  private async afterChange(memberId: number, sessionsEnded: boolean): Promise<void> {
    await this.onMemberChanged(memberId);
    if (sessionsEnded) await this.onSessionsEnded(memberId);
  }
}

/**
 * In the caller's transaction: ends the member's restrictions in force (or only `restrictionId`), puts
 * the profile back where its facts allow and writes the audit row; returns the ids ended (none: no audit row).
 */
export async function liftIn(tx: Db, operatorId: number, memberId: number, reason: string, restrictionId?: number): Promise<number[]> {
  const ids = await liftRestrictions(tx, memberId, restrictionId);
  if (ids.length === 0) return [];
  await restoreProfileStatus(tx, memberId);
  await recordAudit(tx, { operatorId, action: "member.lift", memberId, reason, details: { restriction_ids: ids } });
  return ids;
}

async function assertMemberExists(tx: Db, memberId: number): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for("update");
  if (!row) throw notFound();
}
