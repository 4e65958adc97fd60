import { and, eq } from "drizzle-orm";
import { missingForStep, nextSignupStep } from "../../../common/signupSteps";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { regionsOf } from "../../geo/regions";
import { findMemberByUserId, type MemberRecord } from "../auth/auth.repo";
import type { ChatService } from "../chat/chat.service";
import type { SiteRow } from "../settings/settings.repo";

/** The steps of the signup after the account exists, and the first message written on a member's landing page. */
export class SignupService {
  constructor(
    private readonly db: Db,
    private readonly chat: ChatService,
    /** After the member's account changed (drops cached copies on every instance). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
  ) {}

  /**
   * Sends the signup form's message to the member of the landing page as the new member's first
   * message, under the rules and prices of any message (paid from the signup credits). When the rules
   * refuse it (no credits on this site, the member gone or blocked) the signup still stands: the text
   * stays with the account (users.signup_message, part of "My data"). Returns whether it was sent.
   */
  async sendFirstMessage(userId: number, site: SiteRow, to: number, text: string, origin: string): Promise<boolean> {
    const record = await findMemberByUserId(this.db, userId);
    if (!record) return false;
    const member: MemberRecord = { ...record, sessionId: 0, sessionLastSeen: new Date() };
    await this.chat.send(member, site, { to, text }, { idempotencyKey: "signup-first-message", origin });
    return true;
  }

  /**
   * The member finished or skipped `step`: the signup moves on to the next step (or is complete after
   * the last). Going over an earlier step again changes nothing; a step not reached yet is refused, and
   * so is leaving personal info or location without the fields search needs.
   */
  async completeStep(member: MemberRecord, step: number): Promise<void> {
    const current = member.user.signupStep;
    if (current === null || step < current) return;
    if (step > current) throw new AppError(409, "signup_step_order", undefined, "step");
    const country = member.profile.country;
    const missing = missingForStep(step, member.profile, country !== null && regionsOf(country).length > 0);
    if (missing.length > 0) throw new AppError(400, "field_required", undefined, missing[0]);
    // Conditional on the step read: a double click moves the signup on once.
    await this.db
      .update(users)
      .set({ signupStep: nextSignupStep(step) })
      .where(and(eq(users.id, member.user.id), eq(users.signupStep, current)));
    await this.onMemberChanged(member.user.id);
  }
}
