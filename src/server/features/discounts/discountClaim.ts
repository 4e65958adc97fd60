import { TIME_BONUS_CODE, WELCOME_DISCOUNT_CODE } from "../../../common/constants";
import type { DiscountCode } from "../../../common/schemas/payments";

/**
 * What an order with this code takes, kept on the order (payments.discount_claim, unique per site) so
 * that two orders at once cannot both have it:
 * - the welcome discount and the time bonus are one claim per member, "the first purchase": a
 *   member gets one of them, once;
 * - a single-use code ('once') is one claim for everyone; a 'once-per-user' code one per member;
 * - an 'unlimited' code takes nothing (null).
 * An order holds its claim while it is open or pending and keeps it once paid (a refund gives the
 * money back, not the discount); an order that fails, is cancelled or expires unpaid gives it back.
 */
export function discountClaim(code: Pick<DiscountCode, "code" | "validity">, memberId: number): string | null {
  if (code.code === TIME_BONUS_CODE || code.code === WELCOME_DISCOUNT_CODE) return `first:${memberId}`;
  if (code.validity === "once") return `once:${code.code}`;
  if (code.validity === "once-per-user") return `member:${memberId}:${code.code}`;
  return null;
}
