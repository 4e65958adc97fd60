import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { CallMedia, CallStatus } from "../../../common/callRules";
import type { Db } from "../../db/client";
import type { MemberCard } from "../../../common/schemas/user";
import { calls, conversations, photos, profiles, sites } from "../../db/schema";
import { AppError } from "../../errors";
import { mainPhotoColumns } from "../auth/auth.repo";
import { memberCardDto } from "../members/profileDto";

export type CallRow = typeof calls.$inferSelect;

const LIVE: CallStatus[] = ["ringing", "active"];

/** The domain of the site a conversation belongs to (the address in a missed call's push). */
export async function conversationDomain(db: Db, conversationId: number): Promise<string> {
  const [row] = await db
    .select({ domain: sites.domain })
    .from(conversations)
    .innerJoin(sites, eq(sites.id, conversations.siteId))
    .where(eq(conversations.id, conversationId));
  if (!row) throw new AppError(404, "not_found");
  return row.domain;
}

/** A call by id. */
export async function findCall(db: Db, id: number): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row ?? null;
}

/** The live calls (ringing or talking) either member is in. */
export async function liveCallsOf(db: Db, memberIds: number[]): Promise<CallRow[]> {
  return db
    .select()
    .from(calls)
    .where(and(inArray(calls.status, LIVE), or(inArray(calls.callerId, memberIds), inArray(calls.calleeId, memberIds))));
}

/** Stores a new ringing call. */
export async function insertCall(
  db: Db,
  call: { conversationId: number; callerId: number; calleeId: number; media: CallMedia; minuteCredits: number },
): Promise<CallRow> {
  const [row] = await db.insert(calls).values(call).returning();
  return row;
}

/**
 * Moves a call from `from` to `to`, only while it still has status `from` (of concurrent changes one
 * wins): answers the changed row, or null when it had moved on.
 */
export async function moveCall(db: Db, id: number, from: CallStatus, to: CallStatus): Promise<CallRow | null> {
  const now = sql`now()`;
  const [row] = await db
    .update(calls)
    .set(to === "active" ? { status: to, answeredAt: now, callerAliveAt: now, calleeAliveAt: now } : { status: to, endedAt: now })
    .where(and(eq(calls.id, id), eq(calls.status, from)))
    .returning();
  return row ?? null;
}

/** Counts one more started minute as charged, while the call still talks and had `minutes` charged. */
export async function chargeMinute(db: Db, id: number, minutes: number): Promise<boolean> {
  const rows = await db
    .update(calls)
    .set({ minutesCharged: minutes + 1 })
    .where(and(eq(calls.id, id), eq(calls.status, "active"), eq(calls.minutesCharged, minutes)))
    .returning({ id: calls.id });
  return rows.length > 0;
}

/** A side of a live call is still there. */
export async function markAlive(db: Db, id: number, memberId: number): Promise<void> {
  await db
    .update(calls)
    .set({
      callerAliveAt: sql`CASE WHEN ${calls.callerId} = ${memberId} THEN now() ELSE ${calls.callerAliveAt} END`,
      calleeAliveAt: sql`CASE WHEN ${calls.calleeId} = ${memberId} THEN now() ELSE ${calls.calleeAliveAt} END`,
    })
    .where(and(eq(calls.id, id), inArray(calls.status, LIVE), or(eq(calls.callerId, memberId), eq(calls.calleeId, memberId))));
}

/**
 * Every call still ringing or talking (few at a time): what the sweep looks at, in one query. Written
 * as the live-call indexes' predicate, so that it reads one of those small partial indexes, not every
 * call there ever was.
 */
export async function liveCalls(db: Db): Promise<CallRow[]> {
  return db.select().from(calls).where(sql`${calls.status} IN ('ringing', 'active')`);
}

/** A member's card as a call screen shows it (name, age, photo; no distance, no activity). */
export async function findPartnerCard(db: Db, memberId: number): Promise<MemberCard> {
  const [row] = await db
    .select({ profile: profiles, mainPhoto: mainPhotoColumns })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.id, memberId));
  if (!row) throw new AppError(404, "not_found");
  return { ...memberCardDto(row.profile, row.mainPhoto?.id ? row.mainPhoto : null), activity: null };
}
