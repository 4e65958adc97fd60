import { CREDIT_BADGE_THRESHOLD, UNREAD_BADGE_CAP } from "../../../common/constants";

/** "99+" above the cap (spec section 2). */
export function countBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** Credits badge style: none above 10 credits, warning from 10 down to 1, danger at 0. */
export function creditsBadgeVariant(credits: number): "warning" | "danger" | null {
  if (credits > CREDIT_BADGE_THRESHOLD) return null;
  return credits > 0 ? "warning" : "danger";
}
