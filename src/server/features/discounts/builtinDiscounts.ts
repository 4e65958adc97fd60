import {
  TIME_BONUS_CODE,
  TIME_BONUS_STATUS,
  TIME_BONUS_VALIDITY,
  TIME_BONUS_VALUE_PERCENTAGE,
  TIME_BONUS_WINDOW_SECONDS,
  WELCOME_DISCOUNT_CODE,
  WELCOME_DISCOUNT_DAYS,
  WELCOME_DISCOUNT_PERCENTAGE,
} from "../../../common/constants";
import type { DiscountCode } from "../../../common/schemas/payments";

export interface DiscountHolder {
  id: number;
  paidUser: boolean;
  signupDate: Date;
}

function personal(member: DiscountHolder, code: string, percentage: number, expires: Date, now: Date): DiscountCode {
  return {
    code,
    country: null,
    user_id: member.id,
    expires: expires.toISOString(),
    value_percentage: percentage,
    currency: null,
    minimum_order_value: null,
    status: "active",
    validity: "once-per-user",
    // Both are for a first purchase only: a member who paid has had their chance.
    expired: expires <= now || member.paidUser,
    paymentmethods: [],
  };
}

/**
 * The time bonus of spec sections 4 and 9: TIMEBONUS25, 25%, once per member, for a member who has
 * not paid, within 4 hours (14400 s) of signup.
 */
export function timeBonus(member: DiscountHolder, now: Date): DiscountCode {
  const expires = new Date(member.signupDate.getTime() + TIME_BONUS_WINDOW_SECONDS * 1000);
  return { ...personal(member, TIME_BONUS_CODE, TIME_BONUS_VALUE_PERCENTAGE, expires, now), status: TIME_BONUS_STATUS, validity: TIME_BONUS_VALIDITY };
}

/** The welcome discount: 25% on the first purchase, for a week after signup (constants.ts says why a week). */
export function welcomeDiscount(member: DiscountHolder, now: Date): DiscountCode {
  const expires = new Date(member.signupDate.getTime() + WELCOME_DISCOUNT_DAYS * 86_400_000);
  return personal(member, WELCOME_DISCOUNT_CODE, WELCOME_DISCOUNT_PERCENTAGE, expires, now);
}

/** The built-in code of this name for the member, or undefined when the name is not a built-in one. */
export function builtinDiscount(code: string, member: DiscountHolder, now: Date): DiscountCode | undefined {
  if (code === TIME_BONUS_CODE) return timeBonus(member, now);
  if (code === WELCOME_DISCOUNT_CODE) return welcomeDiscount(member, now);
  return undefined;
}
