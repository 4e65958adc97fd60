import { REACTIVATION_WINDOW_DAYS } from "./constants";
import type { CompanyInfo } from "./schemas/settings";

/**
 * The values the legal texts' {{placeholders}} stand for: the site's settings and its company's
 * details. One source for the pages in the browser and the HTML the server writes for crawlers.
 */
export function legalValues(input: {
  siteName: string;
  domain: string;
  supportEmail: string;
  supportPhone: string;
  refundDays: number;
  company: CompanyInfo | null;
  /** The company's country as the reader says it. */
  countryName: string;
}): Record<string, string | number> {
  const { company } = input;
  return {
    site: input.siteName,
    domain: input.domain,
    company: company?.name ?? input.siteName,
    address: company?.address ?? "",
    city: company?.city ?? "",
    country: input.countryName,
    kvk: company?.kvk ?? "",
    vat: company?.vat_numbers.join(", ") ?? "",
    email: input.supportEmail,
    phone: company?.support_phone || input.supportPhone,
    refund_days: input.refundDays,
    reactivation_days: REACTIVATION_WINDOW_DAYS,
  };
}
