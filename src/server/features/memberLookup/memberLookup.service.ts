import type { GrantCreditsRequest, MemberDetail, MemberHit } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema";
import { revokeAllSessions } from "../auth/auth.repo";
import { auditEntryDto, recordAudit } from "../audit/audit.repo";
import { moveCredits } from "../credits/ledger";
import { restrictionInForce } from "../members/accessRestrictions";
import {
  findMemberFacts,
  memberAuditTrail,
  memberLedger,
  memberPayments,
  memberPhotos,
  memberScamMessages,
  memberSessions,
  searchMembers,
} from "./memberLookup.repo";

/** Support's view of a member, and the actions on their account that support may take. */
export class MemberLookupService {
  constructor(
    private readonly db: Db,
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly onSessionsEnded: (userId: number) => Promise<void>,
  ) {}

  search(q: string): Promise<MemberHit[]> {
    return searchMembers(this.db, q);
  }

  async detail(memberId: number): Promise<MemberDetail> {
    const facts = await findMemberFacts(this.db, memberId);
    if (!facts) throw notFound();
    const [restriction, photoRows, ledger, paymentRows, sessionRows, audit, scamMessages] = await Promise.all([
      restrictionInForce(this.db, memberId),
      memberPhotos(this.db, memberId),
      memberLedger(this.db, memberId),
      memberPayments(this.db, memberId),
      memberSessions(this.db, memberId),
      memberAuditTrail(this.db, memberId),
      memberScamMessages(this.db, memberId),
    ]);
    const { user, profile } = facts;
    return {
      id: user.id,
      site: facts.site,
      email: user.email,
      name: profile.name,
      language: user.language,
      status: user.status,
      profile_status: profile.status,
      signup_date: user.signupDate.toISOString(),
      credits: user.credits,
      paid_user: user.paidUser,
      fictional: profile.fictional,
      gender: profile.gender,
      date_of_birth: profile.dateOfBirth,
      country: profile.country,
      city: profile.city,
      scam_messages: scamMessages,
      restriction: restriction && {
        kind: restriction.kind,
        reason: restriction.reason,
        until: restriction.until?.toISOString() ?? null,
        created_at: restriction.createdAt.toISOString(),
      },
      photos: photoRows.map((p) => ({ id: p.id, status: p.status, created_at: p.createdAt.toISOString() })),
      ledger: ledger.map((l) => ({ id: l.id, at: l.createdAt.toISOString(), delta: l.delta, balance_after: l.balanceAfter, reason: l.reason, ref: l.ref })),
      payments: paymentRows.map((p) => ({
        id: p.id,
        at: p.createdAt.toISOString(),
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        credits: p.credits,
      })),
      sessions: sessionRows.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        ip: s.ip,
        user_agent: s.userAgent,
      })),
      audit: audit.map(({ entry, email }) => auditEntryDto(entry, email)),
    };
  }

  /** Logs the member out everywhere (a stolen phone, a shared computer). */
  async endSessions(operatorId: number, memberId: number, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await findMemberFacts(tx, memberId))) throw notFound();
      await revokeAllSessions(tx, memberId);
      await recordAudit(tx, { operatorId, action: "member.end_sessions", memberId, reason });
    });
    await this.onMemberChanged(memberId);
    await this.onSessionsEnded(memberId);
  }

  /** Goodwill credits: a ledger row like any other (reason bonus), pointing at its audit row. Returns the new balance. */
  async grantCredits(operatorId: number, memberId: number, grant: GrantCreditsRequest): Promise<number> {
    const balance = await this.db.transaction(async (tx) => {
      if (!(await findMemberFacts(tx, memberId))) throw notFound();
      const auditId = await recordAudit(tx, {
        operatorId,
        action: "member.grant_credits",
        memberId,
        reason: grant.reason,
        details: { credits: grant.credits },
      });
      const after = await moveCredits(tx, memberId, grant.credits, "bonus", `audit:${auditId}`);
      if (after === null) throw notFound();
      return after;
    });
    await this.onMemberChanged(memberId);
    return balance;
  }

  /** Sets or removes the spec's fictional label (a warning on the profile, texts from the settings). */
  async setFictional(operatorId: number, memberId: number, fictional: boolean, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.update(profiles).set({ fictional }).where(eq(profiles.id, memberId)).returning({ id: profiles.id });
      if (!row) throw notFound();
      await recordAudit(tx, { operatorId, action: "member.fictional", memberId, reason, details: { fictional } });
    });
    await this.onMemberChanged(memberId);
  }
}
