import { describe, expect, it } from "vitest";
import { formatCountry, formatDate, formatDateTime, formatDistance, formatLocale, formatMoney, formatNumber, formatTime } from "./formats";

// Intl writes some spaces as no-break spaces; the tests read them as plain spaces.
const plain = (text: string) => text.replace(/\s/g, " ");
const day = new Date("2026-11-25T14:05:00Z");
const utc = { timeZone: "UTC" } as const;

describe("the locale a page formats in", () => {
  it("is the member's language as written in the site's country", () => {
    expect(formatLocale("de", "CH")).toBe("de-CH");
    expect(formatLocale("fr", "CH")).toBe("fr-CH");
    expect(formatLocale("en", "NL")).toBe("en-NL");
    expect(formatLocale("pl", null)).toBe("pl");
  });

  it("is Dutch for a language we do not have", () => {
    expect(formatLocale("xx", "CH")).toBe("nl-NL");
  });

  it("follows the member's own country where the site is sold there, else the site's country", () => {
    expect(formatCountry("DE", ["CH", "DE"], "CH")).toBe("DE");
    expect(formatCountry("US", ["CH", "DE"], "CH")).toBe("CH");
    expect(formatCountry(null, ["CH"], undefined)).toBe("CH");
  });
});

describe("formats per locale", () => {
  it("writes Swiss German dates, times, numbers and francs", () => {
    const l = "de-CH";
    expect(formatDate(day, l, { dateStyle: "medium", ...utc })).toBe("25.11.2026");
    expect(formatDate(day, l, { dateStyle: "long", ...utc })).toBe("25. November 2026");
    expect(formatTime(day, l).length).toBeGreaterThan(0);
    expect(formatDateTime("2026-11-25T14:05:00Z", l)).toMatch(/^25\.11\.26, \d{2}:05$/);
    // The Swiss group separator is an apostrophe (ICU versions differ between ' and ’).
    expect(formatNumber(1234567, l)).toMatch(/^1['’]234['’]567$/);
    expect(plain(formatMoney(999, "CHF", l))).toBe("CHF 9.99");
  });

  it("writes French Swiss money the Swiss way too, and German money the German way", () => {
    expect(plain(formatMoney(999, "CHF", "fr-CH"))).toBe("9.99 CHF");
    expect(plain(formatMoney(999, "CHF", "de-DE"))).toBe("9,99 CHF");
    expect(plain(formatMoney(123456, "EUR", "de-DE"))).toBe("1.234,56 €");
  });

  it("writes Dutch, British, American, Polish and Finnish dates and money", () => {
    expect(formatDate(day, "nl-NL", { dateStyle: "short", ...utc })).toBe("25-11-2026");
    expect(formatDate(day, "en-GB", { dateStyle: "short", ...utc })).toBe("25/11/2026");
    expect(formatDate(day, "en-US", { dateStyle: "short", ...utc })).toBe("11/25/26");
    expect(formatDate(day, "pl-PL", { dateStyle: "short", ...utc })).toBe("25.11.2026");
    expect(formatDate(day, "fi-FI", { dateStyle: "short", ...utc })).toBe("25.11.2026");
    expect(plain(formatMoney(1999, "EUR", "nl-NL"))).toBe("€ 19,99");
    expect(formatMoney(1999, "GBP", "en-GB")).toBe("£19.99");
    expect(formatMoney(1999, "USD", "en-US")).toBe("$19.99");
    expect(plain(formatMoney(4999, "PLN", "pl-PL"))).toBe("49,99 zł");
    expect(plain(formatMoney(1999, "EUR", "fi-FI"))).toBe("19,99 €");
    expect(plain(formatNumber(1234567, "fi-FI"))).toBe("1 234 567");
  });

  it("takes whole minor units only, in the currency's own decimals", () => {
    expect(plain(formatMoney(10000, "DKK", "da-DK"))).toBe("100,00 kr.");
    expect(() => formatMoney(9.5, "EUR", "nl-NL")).toThrow(RangeError);
  });

  it("writes distances in kilometres, and under 1 km as such", () => {
    expect(plain(formatDistance(12, "de-CH"))).toBe("12 km");
    expect(plain(formatDistance(1234, "de-CH"))).toMatch(/^1['’]234 km$/);
    expect(plain(formatDistance(0, "en-GB"))).toBe("< 1 km");
    expect(plain(formatDistance(1234, "fi-FI"))).toBe("1 234 km");
  });
});
