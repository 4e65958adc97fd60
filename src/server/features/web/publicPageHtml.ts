import { fillPlaceholders } from "../../../common/fillPlaceholders";
import { legalValues } from "../../../common/legalValues";
import type { Language } from "../../../common/locales";
import type { CompanyInfo } from "../../../common/schemas/settings";
import da from "../../../web/i18n/legal/da.json";
import de from "../../../web/i18n/legal/de.json";
import en from "../../../web/i18n/legal/en.json";
import es from "../../../web/i18n/legal/es.json";
import fi from "../../../web/i18n/legal/fi.json";
import fr from "../../../web/i18n/legal/fr.json";
import it from "../../../web/i18n/legal/it.json";
import nb from "../../../web/i18n/legal/nb.json";
import nl from "../../../web/i18n/legal/nl.json";
import pl from "../../../web/i18n/legal/pl.json";
import sv from "../../../web/i18n/legal/sv.json";
import { escapeHtml } from "../../escapeHtml";
import type { SiteRow } from "../settings/settings.repo";

type LegalJson = typeof en;
const LEGAL: Record<Language, LegalJson> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

const DOCUMENTS: Record<string, "terms" | "privacy" | "cookies" | "ban" | "return_policy"> = {
  "pages-terms": "terms",
  "pages-privacy": "privacy",
  "pages-cookies": "cookies",
  "pages-ban": "ban",
  "pages-return-policy": "return_policy",
};

/** The pages whose text the server writes out itself. */
export const LEGAL_ROUTES: readonly string[] = [...Object.keys(DOCUMENTS), "pages-faq", "pages-service"];

/** Pages a visitor and a search engine may read: they get alternates per language and a canonical address (seo.ts). */
export const PUBLIC_ROUTES: readonly string[] = [
  "index",
  "signup",
  "login",
  "pricing",
  "pages-terms",
  "pages-privacy",
  "pages-cookies",
  "pages-ban",
  "pages-return-policy",
  "pages-faq",
  "pages-service",
  "complaints",
];

/**
 * The text of a legal or help page as plain HTML inside the app's root, for crawlers and for a first
 * paint before the app starts (React replaces it). Null for other pages.
 */
export function legalPageHtml(
  routeName: string,
  language: Language,
  site: SiteRow,
  company: CompanyInfo | null,
): { title: string; description?: string; body: string } | null {
  const texts = LEGAL[language];
  const values = legalValues({
    siteName: site.settings.name,
    domain: site.domain,
    supportEmail: site.settings.support_email,
    supportPhone: site.settings.support_phone,
    refundDays: site.settings.refund_days,
    company,
    countryName: company ? (new Intl.DisplayNames([language], { type: "region" }).of(company.country) ?? company.country) : "",
  });
  const f = (text: string) => escapeHtml(fillPlaceholders(text, values));
  const key = DOCUMENTS[routeName];
  if (key) {
    const doc = texts[key];
    const sections = doc.sections.map((s) => `<section><h2>${f(s.heading)}</h2>${s.body.map((p) => `<p>${f(p)}</p>`).join("")}</section>`).join("");
    return {
      title: fillPlaceholders(doc.title, values),
      description: fillPlaceholders(doc.intro, values),
      body: `<main class="container py-4"><h1>${f(doc.title)}</h1><p>${f(doc.intro)}</p>${sections}</main>`,
    };
  }
  if (routeName === "pages-faq") {
    const items = texts.faq.items.map((i) => `<h2>${f(i.q)}</h2><p>${f(i.a)}</p>`).join("");
    return { title: texts.faq.title, body: `<main class="container py-4"><h1>${f(texts.faq.title)}</h1>${items}</main>` };
  }
  if (routeName === "pages-service") {
    const s = texts.service;
    return {
      title: s.title,
      description: fillPlaceholders(s.intro, values),
      body: `<main class="container py-4"><h1>${f(s.title)}</h1><p>${f(s.intro)}</p><p>${f(s.email_label)}: ${f(String(values.email))}<br>${f(s.phone_label)}: ${f(String(values.phone))}</p><p>${f(s.hours)}</p></main>`,
    };
  }
  return null;
}
