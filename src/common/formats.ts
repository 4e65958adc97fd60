import { DEFAULT_DATE_LOCALE, isLanguage } from "./locales";
import type { Currency } from "./paymentMethods";

// Dates, times, numbers, money and distances as people write them where the site is sold, in the
// member's language (issue 18): every screen and every e-mail formats through these, with the locale
// of formatLocale, so that a Swiss site writes "25.11.2026" and "CHF 9.99" on every page alike.

/**
 * The locale of a page: the member's language as written in the site's country ("de" on a Swiss
 * site is "de-CH", "fr" there "fr-CH"); Dutch for a language we do not have (spec section 1).
 */
export function formatLocale(language: string | null | undefined, country: string | null | undefined): string {
  if (!isLanguage(language)) return DEFAULT_DATE_LOCALE;
  return country && /^[A-Z]{2}$/.test(country) ? `${language}-${country}` : language;
}

/**
 * The country whose way of writing a page follows: the member's own, where the site is sold there,
 * else the site's country for this visitor (settings.geoip_selected_country).
 */
export function formatCountry(own: string | null | undefined, siteCountries: readonly string[], selected: string | null | undefined): string | null {
  if (own && siteCountries.includes(own)) return own;
  return selected ?? siteCountries[0] ?? null;
}

// Intl formatters are costly to make and cheap to use: one per locale and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, format);
  }
  return format;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** A date (and with `timeStyle` a time): long by default ("25. November 2026"). */
export function formatDate(value: string | Date, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return dateFormat(locale, options).format(new Date(value));
}

/** A time of day ("15:05", "3:05 PM"). */
export function formatTime(value: string | Date, locale: string): string {
  return dateFormat(locale, { timeStyle: "short" }).format(new Date(value));
}

/** A date with its time, short ("25.11.26, 15:05"). */
export function formatDateTime(value: string | Date, locale: string): string {
  return dateFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(new Date(value));
}

/** A count or amount ("1'234" in de-CH, "1.234" in de-DE). */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** An amount in minor units (cents, øre, grosze) in its currency: 999 CHF is "CHF 9.99" in de-CH, "9,99 CHF" in de-DE. */
export function formatMoney(amountMinor: number, currency: Currency, locale: string): string {
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Amount must be a whole number of minor units, got ${amountMinor}`);
  const format = numberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** A distance as shown on cards (common/distance.ts): "12 km", and "< 1 km" for 0. */
export function formatDistance(km: number, locale: string): string {
  const format = numberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 0 });
  return km < 1 ? `< ${format.format(1)}` : format.format(km);
}
