import { useTranslation } from "react-i18next";
import { TERMS_VERSION_DATE } from "../../../common/constants";
import { legalValues } from "../../../common/legalValues";
import { countryName } from "../members/countryNames";
import { useCompanyInfo, useSettings } from "../../api/settingsApi";

/** The terms' version date (spec section 9): 2023-12-01T12:00:00Z, or the company's added date when later. */
export function termsVersionDate(companyAdded: string | undefined): string {
  if (!companyAdded) return TERMS_VERSION_DATE;
  return Date.parse(companyAdded) > Date.parse(TERMS_VERSION_DATE) ? companyAdded : TERMS_VERSION_DATE;
}

/** The support phone as dialled: dashes and spaces stripped (spec section 9). */
export function dialable(phone: string): string {
  return phone.replace(/[\s-]/g, "");
}

/** The values the legal texts' placeholders stand for: the site's settings and the company's details. */
export function useLegalValues(): { values: Record<string, string | number>; ready: boolean; versionDate: string } {
  const { i18n } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo();
  const info = company.data;
  return {
    ready: company.isSuccess,
    versionDate: termsVersionDate(info?.added),
    values: legalValues({
      siteName: settings.name,
      domain: settings.domain,
      supportEmail: settings.support_email,
      supportPhone: settings.support_phone,
      refundDays: settings.refund_days,
      company: info ?? null,
      countryName: info ? countryName(info.country, i18n.language) : "",
    }),
  };
}
