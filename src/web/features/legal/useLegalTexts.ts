import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fillPlaceholders } from "../../../common/fillPlaceholders";

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

/** Fills {{placeholders}} with the site's and company's values (shared with the server's crawler HTML). */
export const fill = fillPlaceholders;
