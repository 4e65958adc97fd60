import { ENTRY_WARNING_LIMITED_COUNTRIES } from "../../../common/constants";
import type { LayoutName } from "../../../common/routes";
import { ENTRY_WARNING_HIDDEN_ROUTES } from "../../../common/routes";

export interface EntryWarningInput {
  loggedIn: boolean;
  installedApp: boolean;
  dismissed: boolean;
  enableSiteEntryPopup: "yes" | "no";
  country: string;
  allowedCountries: readonly string[];
  layout: LayoutName;
  routeName: string | null;
}

/** The rules of the site-entry warning (spec section 2). */
export function entryWarningVisible(input: EntryWarningInput): boolean {
  if (input.loggedIn || input.installedApp || input.dismissed) return false;
  if (input.enableSiteEntryPopup === "no") return false;
  if (input.routeName && ENTRY_WARNING_HIDDEN_ROUTES.includes(input.routeName)) return false;
  const limited = input.layout !== "default";
  const allowed = limited ? input.allowedCountries.filter((c) => (ENTRY_WARNING_LIMITED_COUNTRIES as readonly string[]).includes(c)) : input.allowedCountries;
  return allowed.includes(input.country);
}
