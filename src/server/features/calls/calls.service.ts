import { CALL_ALIVE_TIMEOUT_SECONDS, CALL_RING_SECONDS } from "../../../common/constants";
import {
  type CallAction,
  type CallMedia,
  type CallOutcome,
  type CallStatus,
  callMinuteCost,
  isLiveCall,
  nextCallStatus,
  startedMinutes,
} from "../../../common/callRules";
import type { Call, CallSignal } from "../../../common/schemas/calls";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { messageDto, type EventPublisher } from "../chat/chat.service";
import { findConversation, insertMessage } from "../chat/chat.repo";
import { moveCredits } from "../credits/ledger";
import { assertMayWrite, findVisibleProfile, type Viewer } from "../members/access";
import { enqueuePush } from "../notifications/notify";
import type { SiteRow } from "../settings/settings.repo";
import type { SiteOrigin } from "../settings/siteOrigin";
import {
  type CallRow,
  chargeMinute,
  conversationDomain,
  findCall,
  findPartnerCard,
  insertCall,
  liveCalls,
  liveCallsOf,
  markAlive,
  moveCall,
} from "./calls.repo";

/** The timing of calls (common/constants.ts); tests shorten them. */
export interface CallTimings {
  /** How long a call rings before it is missed. */
  ringMs: number;
  /** A billed minute. */
  minuteMs: number;
  /** A live call whose side was silent this long is ended. */
  aliveTimeoutMs: number;
  /** How often every instance looks for calls that rang too long, went silent or started a new minute. */
  sweepMs: number;
}

export const DEFAULT_CALL_TIMINGS: CallTimings = {
  ringMs: CALL_RING_SECONDS * 1000,
  minuteMs: 60_000,
  aliveTimeoutMs: CALL_ALIVE_TIMEOUT_SECONDS * 1000,
  sweepMs: 2000,
};

/**
 * Video and voice calls between the two members of a conversation (issue 22). The state lives in the
 * database, so that any instance can answer, end, relay or sweep a call; every change reaches both
 * members' pages as a "call" event, and a finished call leaves its entry in the chat.
 */
export class CallsService {
  private sweeper: NodeJS.Timeout | null = null;
  private readonly timings: CallTimings;

  constructor(
    private readonly db: Db,
    private readonly events: EventPublisher,
    /** After a member's credits changed (cached member data, other instances). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    /** The missed call's push: the link's site address, and the job worker woken when it is due. */
    private readonly push: { siteOrigin: SiteOrigin; onQueued: () => void },
    timings: Partial<CallTimings> = {},
  ) {
    this.timings = { ...DEFAULT_CALL_TIMINGS, ...timings };
  }

  private viewer(member: MemberRecord, site: SiteRow): Viewer {
    return { id: member.user.id, siteId: site.id, paid: member.user.paidUser };
  }

  /**
   * The other member of the conversation, when the member may call them: both members of it, the
   * partner visible (not banned, suspended or gone) and neither blocking the other, and someone who
   * can answer (not a member the site operates).
   */
  private async reachablePartner(member: MemberRecord, site: SiteRow, conversationId: number) {
    const conversation = await findConversation(this.db, conversationId);
    assertMayWrite({ conversation }, this.viewer(member, site));
    const { memberA, memberB } = conversation as NonNullable<typeof conversation>;
    const partnerId = memberA === member.user.id ? memberB : memberA;
    const partner = await findVisibleProfile(this.db, this.viewer(member, site), partnerId);
    if (partner.blockedByViewer) throw new AppError(404, "not_found");
    if (partner.operated) throw new AppError(403, "call_unavailable");
    return partner;
  }

  /** Rings the other member of a conversation: a premium caller who can pay the first minute, neither of them in another call. */
  async start(member: MemberRecord, site: SiteRow, conversationId: number, media: CallMedia): Promise<Call> {
    const me = member.user.id;
    const partner = await this.reachablePartner(member, site, conversationId);
    if (!member.user.paidUser) throw new AppError(403, "premium_only");
    const minuteCredits = callMinuteCost(site.settings);
    if (member.user.credits < minuteCredits) throw new AppError(402, "not_enough_credits");
    // Calls whose time is up are settled first: a call left ringing by a stopped instance does not keep anyone busy.
    await this.sweep();
    const live = await liveCallsOf(this.db, [me, partner.profile.id]);
    // One call at a time for each of them.
    if (live.length > 0) throw new AppError(409, "call_busy");
    const row = await insertCall(this.db, { conversationId, callerId: me, calleeId: partner.profile.id, media, minuteCredits });
    await this.announce(row);
    return this.dto(row, me);
  }

  /** The member's live call, if any (a page that loads during a call finds it). */
  async current(member: MemberRecord): Promise<Call | null> {
    const [row] = await liveCallsOf(this.db, [member.user.id]);
    return row ? this.dto(row, member.user.id) : null;
  }

  /** The callee answers: accepts (the first minute is charged to the caller at once) or declines. */
  async answer(member: MemberRecord, site: SiteRow, callId: number, accept: boolean): Promise<Call> {
    const call = await this.ownCall(member, callId);
    if (accept) {
      // Still allowed to talk: a block or ban since the ringing began stops it here.
      await this.reachablePartner(member, site, call.conversationId);
      return this.dto(await this.act(call, { type: "answer", by: member.user.id }), member.user.id);
    }
    return this.dto(await this.act(call, { type: "decline", by: member.user.id }), member.user.id);
  }

  /** Either member ends the call (or, while it rings, the caller cancels it and the callee declines it). */
  async end(member: MemberRecord, callId: number): Promise<Call> {
    const call = await this.ownCall(member, callId);
    return this.dto(await this.act(call, { type: "hang_up", by: member.user.id }), member.user.id);
  }

  /** A block ends a live call between the two at once, as if the member who blocked hung up. */
  async endBetween(blocker: number, blocked: number): Promise<void> {
    for (const call of await liveCallsOf(this.db, [blocker])) {
      if (call.callerId === blocked || call.calleeId === blocked) await this.act(call, { type: "hang_up", by: blocker }).catch(() => {});
    }
  }

  /**
   * Relays a WebRTC signal from one member of a live call to the other; anything else (not a member of
   * it, a finished call, an offer before the answer) is dropped.
   */
  async relay(memberId: number, callId: number, signal: CallSignal): Promise<void> {
    const call = await findCall(this.db, callId);
    if (call?.status !== "active") return;
    if (call.callerId !== memberId && call.calleeId !== memberId) return;
    const to = call.callerId === memberId ? call.calleeId : call.callerId;
    await this.events.publish(to, { type: "call-signal", call: callId, signal });
  }

  /** A page in a call is still there. */
  async alive(memberId: number, callId: number): Promise<void> {
    await markAlive(this.db, callId, memberId);
  }

  /** Starts looking for calls whose time is up (every instance does; each change happens once). */
  startSweeping(): void {
    this.sweeper = setInterval(() => void this.sweep().catch(() => {}), this.timings.sweepMs);
    this.sweeper.unref();
  }

  stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** Ends calls that rang too long or went silent, and charges the minutes that started. */
  async sweep(now = Date.now()): Promise<void> {
    // One query, usually answering nothing; each call gets the first of these that applies.
    const rangUntil = now - this.timings.ringMs;
    const aliveSince = now - this.timings.aliveTimeoutMs;
    for (const call of await liveCalls(this.db)) {
      const silent = call.callerAliveAt.getTime() < aliveSince || (call.status === "active" && call.calleeAliveAt.getTime() < aliveSince);
      if (call.status === "ringing" && call.createdAt.getTime() < rangUntil) await this.act(call, { type: "ring_timeout" }).catch(() => {});
      else if (silent) await this.act(call, { type: "silent" }).catch(() => {});
      else if (call.status === "active" && call.minuteCredits > 0 && call.answeredAt) {
        const due = startedMinutes((now - call.answeredAt.getTime()) * (60_000 / this.timings.minuteMs));
        if (due > call.minutesCharged) await this.chargeNextMinute(call).catch(() => {});
      }
    }
  }

  /** Charges the caller a started minute; when the credits are gone, the call ends for both. */
  private async chargeNextMinute(call: CallRow): Promise<void> {
    const paid = await this.db
      .transaction(async (tx) => {
        if (!(await chargeMinute(tx, call.id, call.minutesCharged))) return "moved_on" as const;
        const balance = await moveCredits(tx, call.callerId, -call.minuteCredits, "call", `call:${call.id}:${call.minutesCharged + 1}`);
        if (balance === null) throw new OutOfCredits();
        return "paid" as const;
      })
      .catch((err: unknown) => {
        if (err instanceof OutOfCredits) return "out" as const;
        throw err;
      });
    if (paid === "paid") await this.onMemberChanged(call.callerId);
    if (paid === "out") await this.act(call, { type: "out_of_credits" });
  }

  private async ownCall(member: MemberRecord, callId: number): Promise<CallRow> {
    const call = await findCall(this.db, callId);
    if (!call || (call.callerId !== member.user.id && call.calleeId !== member.user.id)) throw new AppError(404, "not_found");
    return call;
  }

  /**
   * Applies an action to a call (common/callRules.ts) and tells both members. A finished call gets
   * its entry in the chat in the same transaction; an answered one its first paid minute.
   */
  private async act(call: CallRow, action: CallAction): Promise<CallRow> {
    const to = nextCallStatus({ status: call.status, caller: call.callerId, callee: call.calleeId }, action);
    if (!to) throw new AppError(409, "call_over");
    let entry: Awaited<ReturnType<typeof insertMessage>>["message"] | null = null;
    let pushDue = false;
    const moved = await this.db
      .transaction(async (tx) => {
        const row = await moveCall(tx, call.id, call.status, to);
        if (!row) return null;
        if (to === "active" && row.minuteCredits > 0) {
          await chargeMinute(tx, row.id, 0);
          const balance = await moveCredits(tx, row.callerId, -row.minuteCredits, "call", `call:${row.id}:1`);
          // Undone: the caller cannot pay the first minute, the call ends for want of credits instead.
          if (balance === null) throw new OutOfCredits();
          row.minutesCharged = 1;
        }
        if (!isLiveCall(to)) {
          const talkedMs = row.answeredAt && row.endedAt ? Math.max(0, row.endedAt.getTime() - row.answeredAt.getTime()) : null;
          ({ message: entry } = await insertMessage(tx, {
            conversationId: row.conversationId,
            senderId: row.callerId,
            kind: "call",
            body: to as CallOutcome,
            attachment: row.media,
            credits: row.minutesCharged * row.minuteCredits,
            scamSignals: 0,
            durationMs: talkedMs,
            hide: false,
            harassing: false,
            photoFlagged: false,
          }));
          // A member who was not on the site hears of the call they missed (nobody answered, or the
          // caller gave up while it rang) on their phone, if they allowed notifications there; like a
          // message's push, it is queued with the entry itself.
          if ((to === "missed" || to === "cancelled") && entry) {
            const domain = await conversationDomain(tx, row.conversationId);
            const origin = this.push.siteOrigin({ domain });
            const notification = {
              kind: "message",
              to: row.calleeId,
              from: row.callerId,
              conversation: row.conversationId,
              message: entry.id,
              origin,
            } as const;
            pushDue = await enqueuePush(tx, notification);
          }
        }
        return row;
      })
      .catch((err: unknown) => {
        if (err instanceof OutOfCredits) return "out_of_credits" as const;
        throw err;
      });
    if (moved === "out_of_credits") return this.act(call, { type: "out_of_credits" });
    if (!moved) {
      const now = await findCall(this.db, call.id);
      if (!now) throw new AppError(404, "not_found");
      // Someone else's change came first (the other side hung up at the same moment): the call as it is.
      if (now.status === call.status) throw new AppError(409, "call_over");
      return now;
    }
    await this.announce(moved);
    if (pushDue) this.push.onQueued();
    const message = entry as Awaited<ReturnType<typeof insertMessage>>["message"] | null;
    if (message) {
      const conversation = message.conversationId;
      await Promise.all(
        [moved.callerId, moved.calleeId].map((id) => this.events.publish(id, { type: "message", conversation, message: messageDto(message, 0, id) })),
      );
    }
    if (moved.minutesCharged > call.minutesCharged) await this.onMemberChanged(moved.callerId);
    return moved;
  }

  /** Tells both members' pages how the call stands. */
  private async announce(row: CallRow): Promise<void> {
    await Promise.all([row.callerId, row.calleeId].map(async (id) => this.events.publish(id, { type: "call", call: await this.dto(row, id) })));
  }

  private async dto(row: CallRow, forMember: number): Promise<Call> {
    const partnerId = row.callerId === forMember ? row.calleeId : row.callerId;
    const partner = await findPartnerCard(this.db, partnerId);
    return {
      id: row.id,
      conversation: row.conversationId,
      caller: row.callerId,
      callee: row.calleeId,
      media: row.media,
      status: row.status as CallStatus,
      partner,
      created_at: row.createdAt.toISOString(),
      answered_at: row.answeredAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
      minute_credits: row.minuteCredits,
    };
  }
}

class OutOfCredits extends Error {}
