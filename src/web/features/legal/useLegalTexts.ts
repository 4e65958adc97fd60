import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";

export interface LegalSection {
  heading: string;
  body: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export interface LegalTexts {
  common: Record<string, string>;
  terms: LegalDocument;
  privacy: LegalDocument;
  cookies: LegalDocument;
  ban: LegalDocument;
  return_policy: LegalDocument;
  service: Record<string, string>;
  faq: { title: string; items: Array<{ q: string; a: string }> };
}

// The legal pages' texts are long: each language is a chunk of its own, loaded only on those pages.
const loaders = import.meta.glob<{ default: LegalTexts }>("../../i18n/legal/*.json");

/** The legal and help texts in the page's language. */
export function useLegalTexts() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ["legal-texts", language],
    queryFn: async () => (await loaders[`../../i18n/legal/${language}.json`]()).default,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Fills {{placeholders}} with the site's and company's values. A value ending in a full stop (such
 * as "Amoria Media B.V.") before the sentence's own full stop gives one, not two.
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string, offset: number) => {
    if (!(name in values)) return whole;
    const value = String(values[name]);
    return value.endsWith(".") && text[offset + whole.length] === "." ? value.slice(0, -1) : value;
  });
}
