import i18next from "i18next";
import { formatCountry, formatLocale, formatNumber } from "../../common/formats";
import type { Settings } from "../../common/schemas/settings";
import type { User } from "../../common/schemas/user";
import { queryClient } from "../api/queryClient";
import { queryKeys } from "../api/queryKeys";

/** The locale a page formats in (common/formats.ts): its language as written in the member's or the site's country. */
export function localeOf(language: string, settings: Settings | undefined, user: User | null | undefined): string {
  return formatLocale(language, formatCountry(user?.profile.country, settings?.countries ?? [], settings?.geoip_selected_country));
}

/** The page's locale now, from the cached settings and member (for code outside React, such as i18next). */
export function pageLocale(): string {
  return localeOf(i18next.language, queryClient.getQueryData<Settings>(queryKeys.settings), queryClient.getQueryData<User | null>(queryKeys.user));
}

/**
 * An i18next formatter that writes every number a text takes ("{{count}} members") as the page's
 * locale does: "1'234 Mitglieder" on a Swiss site, "1.234 Mitglieder" on a German one.
 */
export const numberFormatter = {
  type: "formatter" as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown): unknown {
    return typeof value === "number" && Number.isFinite(value) ? formatNumber(value, pageLocale()) : value;
  },
};
