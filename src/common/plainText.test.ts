import { describe, expect, it } from "vitest";
import { asSingleLine, isSingleLineText, isStorableText, withoutControlCharacters } from "./plainText";

describe("text that can be stored", () => {
  it("refuses NUL bytes and lone surrogates", () => {
    expect(isStorableText("Anna\u0000")).toBe(false);
    expect(isStorableText("\ud800")).toBe(false);
    expect(isStorableText("a\udc00b")).toBe(false);
  });
  it("takes every other text, emoji (surrogate pairs) and line breaks included", () => {
    expect(isStorableText("Hallo 😀\nwie geht's?\t")).toBe(true);
    expect(isStorableText("Zoë, Łódź, 東京")).toBe(true);
  });
});

describe("one-line text (names)", () => {
  it("refuses line breaks, tabs, other controls and bidi overrides", () => {
    for (const text of ["Anna\r\nBcc: x@example.com", "An\nna", "An\tna", "Anna\u0007", "Anna\u0085", "\u202eanna", "an\u2066na", "an\u2028na"]) {
      expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    }
  });
  it("takes names in any script, with spaces, apostrophes and hyphens", () => {
    for (const text of ["Anna-Lena O'Brien", "Zoë", "Łukasz", "Søren", "李", "😀 Anna"]) expect(isSingleLineText(text)).toBe(true);
  });
  it("shown from stored data, each control character becomes a space", () => {
    expect(asSingleLine("Anna\r\nBcc: x@example.com")).toBe("Anna  Bcc: x@example.com");
    expect(asSingleLine("\u202eanna")).toBe(" anna");
  });
});

describe("free text (messages)", () => {
  it("keeps line breaks as LF and tabs, and drops every other control character", () => {
    expect(withoutControlCharacters("Hi\r\nthere\rand\tbye\u0007\u202e!")).toBe("Hi\nthere\nand\tbye!");
  });
});
