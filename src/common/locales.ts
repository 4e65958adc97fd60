// Languages and countries of spec sections 1 and 2.

export const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The default date locale is Dutch (spec section 1). */
export const DEFAULT_DATE_LOCALE = "nl-NL";

/** Languages offered by the switcher, per country (spec section 2), first one is the country's default. */
export const COUNTRY_LANGUAGES = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
  DK: ["da"],
  FI: ["fi", "sv"],
  NO: ["nb"],
  SE: ["sv"],
} as const satisfies Record<string, readonly Language[]>;

export type Country = keyof typeof COUNTRY_LANGUAGES;
export const COUNTRIES = Object.keys(COUNTRY_LANGUAGES) as Country[];

/** Native names, shown in the language dropdown. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

/** BCP 47 locale used to format dates and numbers in each language. */
export const DATE_LOCALES: Record<Language, string> = {
  da: "da-DK",
  de: "de-DE",
  en: "en-GB",
  es: "es-ES",
  fi: "fi-FI",
  fr: "fr-FR",
  it: "it-IT",
  nb: "nb-NO",
  nl: "nl-NL",
  pl: "pl-PL",
  sv: "sv-SE",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && Object.hasOwn(COUNTRY_LANGUAGES, value);
}

/** The languages a visitor from `country` may choose; English when we do not sell there. */
export function languagesOf(country: string | null | undefined): readonly Language[] {
  return isCountry(country) ? COUNTRY_LANGUAGES[country] : ["en"];
}

/** `domain_language` such as "nl_NL" or "de": its first two letters, when we support that language. */
export function languageFromDomainLanguage(domainLanguage: string | null | undefined): Language | null {
  const code = domainLanguage?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

export function dateLocaleOf(language: string | null | undefined): string {
  return isLanguage(language) ? DATE_LOCALES[language] : DEFAULT_DATE_LOCALE;
}

/** Languages of an Accept-Language header, most wanted first ("nb-NO,nb;q=0.9,en;q=0.8" -> nb, nb, en). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => (l.code === "no" ? "nb" : l.code));
}

/**
 * The language a page opens in: the locale cookie, then the site's domain_language when it is one
 * of ours (spec section 4), then the browser's preferred language among those of the visitor's
 * country, then the country's first language.
 */
export function pickLanguage(input: {
  cookie?: string | null;
  domainLanguage?: string | null;
  acceptLanguage?: string | null;
  offered: readonly Language[];
}): Language {
  if (isLanguage(input.cookie)) return input.cookie;
  const fromDomain = languageFromDomainLanguage(input.domainLanguage);
  if (fromDomain) return fromDomain;
  const fromBrowser = acceptedLanguages(input.acceptLanguage).find((code): code is Language => input.offered.includes(code as Language));
  return fromBrowser ?? input.offered[0] ?? "en";
}
