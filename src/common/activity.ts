// "Online now" and "last active" on cards and profiles (issue 18): told coarsely, never as a time, and
// not at all for invisible members and members who turned it off in their settings.

/** A member active within this many minutes is "online now" (last-seen is written at most every 5 minutes). */
export const ONLINE_NOW_MINUTES = 10;
/** Active within this many hours: "active today". */
export const ACTIVE_TODAY_HOURS = 24;
/** Active within this many days: "active this week"; longer ago says nothing. */
export const ACTIVE_WEEK_DAYS = 7;

/** A live socket marks its member active at most this often (as a request does, plugins/requestContext.ts). */
export const ACTIVITY_WRITE_EVERY_MS = 5 * 60_000;

export const ACTIVITIES = ["online", "today", "week"] as const;
export type Activity = (typeof ACTIVITIES)[number];

/** How recently a member was active, as others may be told it; null when longer ago or unknown. */
export function activityOf(lastActiveAt: Date | null, now: Date = new Date()): Activity | null {
  if (!lastActiveAt) return null;
  const ago = now.getTime() - lastActiveAt.getTime();
  if (ago < ONLINE_NOW_MINUTES * 60_000) return "online";
  if (ago < ACTIVE_TODAY_HOURS * 3_600_000) return "today";
  if (ago < ACTIVE_WEEK_DAYS * 86_400_000) return "week";
  return null;
}
