import { formatLocale, formatMoney } from "../../../common/formats";
import type { Currency, PaymentMethodId } from "../../../common/paymentMethods";
import type { DiscountCode } from "../../../common/schemas/payments";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";
import { builtinDiscount, welcomeDiscount } from "./builtinDiscounts";
import { discountClaim } from "./discountClaim";
import { claimHolder, type DiscountRow, findCode } from "./discounts.repo";

function dto(row: DiscountRow, now: Date): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: row.expires?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: row.expires !== null && row.expires <= now,
    paymentmethods: row.paymentMethods,
  };
}

/** An order a discount is checked against. */
export interface DiscountedOrder {
  price: number;
  currency: Currency;
  method: PaymentMethodId | null;
}

/**
 * Discount codes (spec sections 3 and 5): the operator's codes, and every member's welcome discount
 * and time bonus. A code is looked up for the member who asks, so that personal codes, country
 * limits and "once per user" are checked on the server.
 */
export class DiscountsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member's welcome code (GET /api/discountcode.php?welcome=true). */
  welcome(member: MemberRecord): DiscountCode {
    return welcomeDiscount(member.user, this.now());
  }

  /**
   * A code by name, as the member may use it: 'Code not found' for a code that does not exist for
   * them (unknown, switched off, someone else's, another country's), 'Code already used' while an
   * order holds it or once it is spent (discountClaim). An expired code is answered with `expired: true`.
   */
  async lookup(member: MemberRecord, site: SiteRow, country: string, name: string): Promise<DiscountCode> {
    const code = name.trim().toUpperCase();
    const now = this.now();
    const builtin = builtinDiscount(code, member.user, now);
    if (builtin) {
      const holder = await this.holder(member, site, builtin);
      // A paying member's other first-purchase discount is not used: it has expired (builtinDiscounts).
      if (holder && (holder.discountCode === code || !member.user.paidUser)) throw new AppError(400, "code_used");
      return builtin;
    }
    const row = await findCode(this.db, site.id, code);
    const usable = row?.status === "active" && (row.userId === null || row.userId === member.user.id) && (row.country === null || row.country === country);
    if (!row || !usable) throw new AppError(404, "code_not_found");
    const found = dto(row, now);
    if (await this.holder(member, site, found)) throw new AppError(400, "code_used");
    return found;
  }

  private async holder(member: MemberRecord, site: SiteRow, code: DiscountCode) {
    const claim = discountClaim(code, member.user.id);
    return claim ? claimHolder(this.db, site.id, claim) : null;
  }

  /** Whether the code takes anything off this order: the reason it does not, in the member's language, else the code. */
  async check(member: MemberRecord, site: SiteRow, country: string, name: string, order: DiscountedOrder, language: string): Promise<DiscountCode> {
    const code = await this.lookup(member, site, country, name);
    const problem = reasonNotApplicable(code, order, formatLocale(language, country));
    if (problem) throw problem;
    return code;
  }
}

/** Why a (found, unused) code does not apply to an order, or null when it does; amounts written for `locale` (common/formats.ts). */
export function reasonNotApplicable(code: DiscountCode, order: DiscountedOrder, locale: string): AppError | null {
  if (code.expired) return new AppError(400, "code_expired");
  if (code.currency !== null && code.currency !== order.currency) return new AppError(404, "code_not_found");
  if (code.minimum_order_value !== null && code.currency !== null && order.price < code.minimum_order_value) {
    return new AppError(400, "code_minimum", { amount: formatMoney(code.minimum_order_value, code.currency, locale) });
  }
  if (order.method !== null && code.paymentmethods.length > 0 && !code.paymentmethods.includes(order.method)) return new AppError(400, "code_method");
  return null;
}
