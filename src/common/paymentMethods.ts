// The payment methods of spec section 3, where we offer each one, and the currency of each country.
import { COUNTRIES, type Country, isCountry } from "./locales";

/** Every method the spec names, in the order a checkout lists them after a country's favourites. */
export const PAYMENT_METHOD_IDS = [
  "ideal",
  "bancontact",
  "blik",
  "przelewy24",
  "eps",
  "carte_bancaire",
  "dankort",
  "nexi",
  "twint",
  "swish",
  "vipps",
  "mobilepay",
  "satispay",
  "visa",
  "mastercard",
  "maestro",
  "credit_card",
  "paypal",
  "apple_pay",
  "sepa_direct_debit",
  "paysafecard",
  "wire_transfer",
  "sofort",
  "giropay",
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export const PAYMENT_METHOD_KINDS = ["card", "wallet", "bank_redirect", "bank_transfer", "direct_debit", "voucher"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/**
 * Method ids of Mollie's API (docs.mollie.com, "Get payment method"). `sofort` and `giropay` are no
 * longer in Mollie's list; they stay here because payments made with them still carry those ids.
 */
export const MOLLIE_METHODS = [
  "applepay",
  "bancontact",
  "banktransfer",
  "blik",
  "creditcard",
  "directdebit",
  "eps",
  "ideal",
  "mobilepay",
  "paypal",
  "paysafecard",
  "przelewy24",
  "satispay",
  "swish",
  "twint",
  "vipps",
  "sofort",
  "giropay",
] as const;
export type MollieMethod = (typeof MOLLIE_METHODS)[number];

/** Brand names are shown as the brand writes them; generic methods have a text in every locale. */
export type PaymentMethodName = { brand: string } | { i18nKey: `payment.method.${string}` };

export interface PaymentMethod {
  id: PaymentMethodId;
  name: PaymentMethodName;
  kind: PaymentMethodKind;
  /** The payment can stay pending for days, so credits may only be granted once Mollie reports it paid. */
  pendingForDays: boolean;
  mollieMethod: MollieMethod;
  /** Where we offer it; empty for a method that no longer exists. */
  countries: readonly Country[];
  /** Served by the web client from src/web/public. */
  logo: `/payment-methods/${PaymentMethodId}.svg`;
}

export const CURRENCIES = ["EUR", "CHF", "GBP", "PLN", "SEK", "NOK", "DKK", "USD", "CAD", "AUD", "NZD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const COUNTRY_CURRENCIES: Record<Country, Currency> = {
  US: "USD",
  NL: "EUR",
  BE: "EUR",
  FR: "EUR",
  IT: "EUR",
  ES: "EUR",
  DE: "EUR",
  AT: "EUR",
  IE: "EUR",
  GB: "GBP",
  CA: "CAD",
  PL: "PLN",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  DK: "DKK",
  FI: "EUR",
  NO: "NOK",
  SE: "SEK",
};

const EURO_COUNTRIES = COUNTRIES.filter((country) => COUNTRY_CURRENCIES[country] === "EUR");
const OUTSIDE_EUROPE: readonly Country[] = ["US", "CA", "AU", "NZ"];
const EUROPE = COUNTRIES.filter((country) => !OUTSIDE_EUROPE.includes(country));
/** Currencies Mollie takes paysafecard in (docs.mollie.com, paysafecard). */
const PAYSAFECARD_CURRENCIES: readonly Currency[] = ["EUR", "CHF", "GBP", "NOK", "PLN", "SEK"];

const METHODS: Record<PaymentMethodId, Omit<PaymentMethod, "id" | "logo">> = {
  ideal: { name: { brand: "iDEAL" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "ideal", countries: ["NL"] },
  // Bancontact is a debit card scheme, but Mollie runs it as a redirect to the app or the bank.
  bancontact: { name: { brand: "Bancontact" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "bancontact", countries: ["BE"] },
  blik: { name: { brand: "BLIK" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "blik", countries: ["PL"] },
  przelewy24: { name: { brand: "Przelewy24" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "przelewy24", countries: ["PL"] },
  eps: { name: { brand: "eps" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "eps", countries: ["AT"] },
  // Mollie has no method of its own for the local card schemes: Carte Bancaire, Dankort and Nexi cards
  // are paid through its card form (most are co-badged Visa or Mastercard), so they map to creditcard.
  carte_bancaire: { name: { brand: "Carte Bancaire" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: ["FR"] },
  dankort: { name: { brand: "Dankort" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: ["DK"] },
  nexi: { name: { brand: "Nexi" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: ["IT"] },
  twint: { name: { brand: "TWINT" }, kind: "wallet", pendingForDays: false, mollieMethod: "twint", countries: ["CH"] },
  swish: { name: { brand: "Swish" }, kind: "wallet", pendingForDays: false, mollieMethod: "swish", countries: ["SE"] },
  vipps: { name: { brand: "Vipps" }, kind: "wallet", pendingForDays: false, mollieMethod: "vipps", countries: ["NO"] },
  mobilepay: { name: { brand: "MobilePay" }, kind: "wallet", pendingForDays: false, mollieMethod: "mobilepay", countries: ["DK", "FI"] },
  satispay: { name: { brand: "Satispay" }, kind: "wallet", pendingForDays: false, mollieMethod: "satispay", countries: ["IT"] },
  // Visa, Mastercard and Maestro are card brands, not Mollie methods: all go through creditcard.
  visa: { name: { brand: "Visa" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: COUNTRIES },
  mastercard: { name: { brand: "Mastercard" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: COUNTRIES },
  // A European debit brand that Mastercard stopped issuing in 2023; existing cards work until they expire.
  maestro: { name: { brand: "Maestro" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: EUROPE },
  credit_card: { name: { i18nKey: "payment.method.credit_card" }, kind: "card", pendingForDays: false, mollieMethod: "creditcard", countries: COUNTRIES },
  paypal: { name: { brand: "PayPal" }, kind: "wallet", pendingForDays: false, mollieMethod: "paypal", countries: COUNTRIES },
  // Shown by the client only where the browser can pay with it (ApplePaySession.canMakePayments()).
  apple_pay: { name: { brand: "Apple Pay" }, kind: "wallet", pendingForDays: false, mollieMethod: "applepay", countries: COUNTRIES },
  // SEPA direct debit collects euros only, so it is offered where members pay in euros.
  sepa_direct_debit: {
    name: { i18nKey: "payment.method.sepa_direct_debit" },
    kind: "direct_debit",
    pendingForDays: true,
    mollieMethod: "directdebit",
    countries: EURO_COUNTRIES,
  },
  // Offered in the European countries whose currency Mollie takes it in (not Denmark's kroner).
  paysafecard: {
    name: { brand: "paysafecard" },
    kind: "voucher",
    pendingForDays: false,
    mollieMethod: "paysafecard",
    countries: EUROPE.filter((country) => PAYSAFECARD_CURRENCIES.includes(COUNTRY_CURRENCIES[country])),
  },
  // Offered everywhere as the way to pay without a card; Mollie's banktransfer is a SEPA transfer in
  // euros, so outside the euro area the payment service has to ask for the amount in EUR.
  wire_transfer: {
    name: { i18nKey: "payment.method.wire_transfer" },
    kind: "bank_transfer",
    pendingForDays: true,
    mollieMethod: "banktransfer",
    countries: COUNTRIES,
  },
  // No longer offered: Klarna folded SOFORT into "Klarna Pay now" (providers dropped it during 2024 and
  // 2025) and Mollie's method list no longer has it. Kept so that past SOFORT payments still show. Was DE and AT.
  sofort: { name: { brand: "SOFORT" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "sofort", countries: [] },
  // No longer offered: payment providers, Mollie among them, stopped taking giropay at the end of June
  // 2024 and the scheme itself closed on 31 December 2024. Kept so that past payments still show. Was DE.
  giropay: { name: { brand: "giropay" }, kind: "bank_redirect", pendingForDays: false, mollieMethod: "giropay", countries: [] },
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = PAYMENT_METHOD_IDS.map((id) => ({ id, logo: `/payment-methods/${id}.svg`, ...METHODS[id] }));

/** What members reach for first in each country, listed before the rest. */
const FAVOURITES: Partial<Record<Country, readonly PaymentMethodId[]>> = {
  NL: ["ideal"],
  BE: ["bancontact"],
  PL: ["blik", "przelewy24"],
  AT: ["eps"],
  DE: ["paypal", "sepa_direct_debit"],
  FR: ["carte_bancaire"],
  IT: ["nexi", "paypal", "satispay"],
  CH: ["twint"],
  SE: ["swish"],
  NO: ["vipps"],
  DK: ["mobilepay", "dankort"],
  FI: ["mobilepay"],
};

export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === "string" && (PAYMENT_METHOD_IDS as readonly string[]).includes(value);
}

export function paymentMethodById(id: PaymentMethodId): PaymentMethod {
  return PAYMENT_METHODS.find((method) => method.id === id)!;
}

/**
 * The methods a member from `country` can choose, in the order the checkout shows them: the country's
 * favourites, then the rest in catalogue order. Where we do not sell, the methods offered everywhere.
 */
export function paymentMethodsFor(country: string | null | undefined): PaymentMethod[] {
  if (!isCountry(country)) return PAYMENT_METHODS.filter((method) => method.countries.length === COUNTRIES.length);
  const favourites = FAVOURITES[country] ?? [];
  const offered = PAYMENT_METHODS.filter((method) => method.countries.includes(country));
  const rank = (method: PaymentMethod) => {
    const index = favourites.indexOf(method.id);
    return index === -1 ? favourites.length : index;
  };
  return offered.toSorted((a, b) => rank(a) - rank(b));
}

/** The text to show for a method: its brand, or the translation of its generic name. */
export function paymentMethodName(method: PaymentMethod, t: (key: string) => string): string {
  return "brand" in method.name ? method.name.brand : t(method.name.i18nKey);
}

/** The currency members from `country` pay in; euros where we do not sell. */
export function currencyOf(country: string | null | undefined): Currency {
  return isCountry(country) ? COUNTRY_CURRENCIES[country] : "EUR";
}
