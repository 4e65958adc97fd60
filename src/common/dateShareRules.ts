import { DATE_SHARE_HOURS_AFTER, DATE_SHARE_MAX_DAYS_AHEAD, DATE_SHARE_MAX_HOURS_BEFORE } from "./constants";

// When a shared date's link works (issue 22, "Share my date"): one rule for the form, the server and the page.

const HOUR = 3_600_000;

/** When the link of a date at `startsAt` stops working: `hoursAfter` hours after the date's time. */
export function dateShareExpiry(startsAt: Date, hoursAfter: number = DATE_SHARE_HOURS_AFTER): Date {
  return new Date(startsAt.getTime() + hoursAfter * HOUR);
}

/**
 * Why a date at `startsAt` cannot be shared at `now`, or null when it can: it began more than
 * DATE_SHARE_MAX_HOURS_BEFORE hours ago ("past"), or lies more than DATE_SHARE_MAX_DAYS_AHEAD days ahead ("too_far").
 */
export function dateShareTimeProblem(startsAt: Date, now: Date): "past" | "too_far" | null {
  if (Number.isNaN(startsAt.getTime())) return "past";
  if (startsAt.getTime() < now.getTime() - DATE_SHARE_MAX_HOURS_BEFORE * HOUR) return "past";
  if (startsAt.getTime() > now.getTime() + DATE_SHARE_MAX_DAYS_AHEAD * 24 * HOUR) return "too_far";
  return null;
}

/** Whether a share's link works at `now`: not revoked, and before its expiry. */
export function isDateShareLive(share: { expiresAt: Date; revokedAt: Date | null }, now: Date): boolean {
  return share.revokedAt === null && now.getTime() < share.expiresAt.getTime();
}
