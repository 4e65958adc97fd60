import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatDistance, formatMoney, formatNumber, formatTime } from "../../common/formats";
import type { Currency } from "../../common/paymentMethods";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { localeOf } from "./pageLocale";

// The one place the web client's screens format dates, times, numbers, money and distances
// (common/formats.ts), in the page's language as written in the member's or the site's country.

export interface Formats {
  locale: string;
  /** A date, long by default; `options` as Intl.DateTimeFormat takes them. */
  date(value: string | Date, options?: Intl.DateTimeFormatOptions): string;
  time(value: string | Date): string;
  dateTime(value: string | Date): string;
  number(value: number): string;
  money(amountMinor: number, currency: Currency): string;
  distance(km: number): string;
}

/** The page's formats, following its language and the member's country. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language, useSettings(), useUser());
  return useMemo(
    () => ({
      locale,
      date: (value, options) => formatDate(value, locale, options),
      time: (value) => formatTime(value, locale),
      dateTime: (value) => formatDateTime(value, locale),
      number: (value) => formatNumber(value, locale),
      money: (amount, currency) => formatMoney(amount, currency, locale),
      distance: (km) => formatDistance(km, locale),
    }),
    [locale],
  );
}
