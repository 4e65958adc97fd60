// The credit bundles a new site sells (an operator changes them per site in credit_bundles), the
// member-facing fee of each payment method, and the price arithmetic both sides show.
import type { Currency } from "./paymentMethods";
import type { PaymentMethodId } from "./paymentMethods";

export interface BundleDefinition {
  credits: number;
  /** Price in minor units of every currency we sell in: round local price points, not conversions. */
  prices: Record<Currency, number>;
  popular: boolean;
}

export const DEFAULT_CREDIT_BUNDLES: readonly BundleDefinition[] = [
  {
    credits: 20,
    popular: false,
    prices: { EUR: 999, CHF: 999, GBP: 899, PLN: 4299, SEK: 10900, NOK: 10900, DKK: 7500, USD: 1099, CAD: 1499, AUD: 1699, NZD: 1799 },
  },
  {
    credits: 50,
    popular: true,
    prices: { EUR: 1999, CHF: 1999, GBP: 1699, PLN: 8499, SEK: 21900, NOK: 21900, DKK: 14900, USD: 2199, CAD: 2999, AUD: 3299, NZD: 3499 },
  },
  {
    credits: 120,
    popular: false,
    prices: { EUR: 3999, CHF: 3999, GBP: 3499, PLN: 16999, SEK: 43900, NOK: 43900, DKK: 29900, USD: 4299, CAD: 5999, AUD: 6499, NZD: 6999 },
  },
  {
    credits: 300,
    popular: false,
    prices: { EUR: 7999, CHF: 7999, GBP: 6999, PLN: 33999, SEK: 87900, NOK: 87900, DKK: 59900, USD: 8599, CAD: 11999, AUD: 12999, NZD: 13999 },
  },
];

/**
 * What a method costs the member on top of the price, in percent. Only paysafecard carries one: its
 * vouchers cost the site far more than other methods, and members who pay cash accept it when it is
 * shown before they pay. Every other method is free of charge.
 */
export const PAYMENT_METHOD_FEE_PERCENT: Partial<Record<PaymentMethodId, number>> = { paysafecard: 5 };

export interface PriceBreakdown {
  /** The bundle's price before any discount. */
  price: number;
  /** The discount taken off the price. */
  discount: number;
  /** The method's fee on the discounted price. */
  fee: number;
  /** What the member pays: price - discount + fee. */
  amount: number;
}

/** The price of a bundle with a discount (percent) and a method's fee, in whole minor units. */
export function priceBreakdown(price: number, discountPercentage: number | null, method: PaymentMethodId | null): PriceBreakdown {
  const discount = discountPercentage ? Math.round((price * discountPercentage) / 100) : 0;
  const feePercent = method ? (PAYMENT_METHOD_FEE_PERCENT[method] ?? 0) : 0;
  const fee = Math.round(((price - discount) * feePercent) / 100);
  return { price, discount, fee, amount: price - discount + fee };
}
