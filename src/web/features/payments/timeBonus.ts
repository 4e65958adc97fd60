import { TIME_BONUS_WINDOW_SECONDS } from "../../../common/constants";
import type { User } from "../../../common/schemas/user";

/**
 * Seconds left of the time bonus (spec section 4): only for a logged-in member who has not paid,
 * within 4 hours of signup; null when it is not (or no longer) there. Logout, a first purchase and
 * the end of the window all clear it, because they change what this reads.
 */
export function timeBonusSecondsLeft(user: Pick<User, "paid_user" | "signup_date"> | null, nowMs: number): number | null {
  if (!user || user.paid_user) return null;
  const left = Math.floor((Date.parse(user.signup_date) + TIME_BONUS_WINDOW_SECONDS * 1000 - nowMs) / 1000);
  return left > 0 ? left : null;
}

/** "03:59:07": hours, minutes and seconds, zero-padded. */
export function formatCountdown(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export interface TimeBonusModalInput {
  inMembersArea: boolean;
  credits: number;
  dismissed: boolean;
  visible: boolean;
}

/** The time-bonus modal may be scheduled: in the members area, at 0 credits, not dismissed before, bonus visible. */
export function timeBonusModalAllowed(input: TimeBonusModalInput): boolean {
  return input.inMembersArea && input.credits === 0 && !input.dismissed && input.visible;
}
