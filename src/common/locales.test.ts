import { describe, expect, it } from "vitest";
import {
  acceptedLanguages,
  COUNTRY_LANGUAGES,
  DEFAULT_DATE_LOCALE,
  dateLocaleOf,
  LANGUAGES,
  languageFromDomainLanguage,
  languagesOf,
  pickLanguage,
} from "./locales";

describe("languages per country", () => {
  it("has the spec's eleven languages, and Dutch as the default date locale", () => {
    expect([...LANGUAGES].sort()).toEqual(["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"]);
    expect(DEFAULT_DATE_LOCALE).toBe("nl-NL");
  });
  it("offers exactly the spec's languages", () => {
    expect(languagesOf("BE")).toEqual(["nl", "fr", "de"]);
    expect(languagesOf("CH")).toEqual(["de", "it", "fr", "en"]);
    expect(languagesOf("FI")).toEqual(["fi", "sv"]);
    expect(languagesOf("NO")).toEqual(["nb"]);
    expect(languagesOf("US")).toEqual(["en", "es"]);
    expect(Object.keys(COUNTRY_LANGUAGES)).toHaveLength(19);
  });

  it("offers English where we do not sell", () => {
    expect(languagesOf("JP")).toEqual(["en"]);
    expect(languagesOf(null)).toEqual(["en"]);
  });
});

describe("pickLanguage", () => {
  const offered = languagesOf("BE");
  it("prefers the locale cookie", () => {
    expect(pickLanguage({ cookie: "fr", domainLanguage: "nl_BE", offered })).toBe("fr");
  });
  it("uses the first two letters of domain_language without a cookie, when supported", () => {
    expect(languageFromDomainLanguage("de_AT")).toBe("de");
    expect(languageFromDomainLanguage("pt_BR")).toBeNull();
    expect(pickLanguage({ domainLanguage: "de_AT", offered })).toBe("de");
    expect(pickLanguage({ domainLanguage: "pt_BR", offered })).toBe("nl");
  });
  it("then takes the browser's favourite among the country's languages, else the country's first", () => {
    expect(pickLanguage({ acceptLanguage: "en-US,fr;q=0.8,de;q=0.9", offered })).toBe("de");
    expect(pickLanguage({ acceptLanguage: "ja", offered })).toBe("nl");
    expect(pickLanguage({ cookie: "xx", offered })).toBe("nl");
  });
  it("reads Norwegian as Bokmål", () => {
    expect(acceptedLanguages("no-NO,en;q=0.5")).toEqual(["nb", "en"]);
  });
});

describe("date locale", () => {
  it("formats in the language's locale and defaults to Dutch", () => {
    expect(dateLocaleOf("de")).toBe("de-DE");
    expect(dateLocaleOf(undefined)).toBe("nl-NL");
  });
});
