// What text may hold, for the client's forms and the server alike.

/** Halves of a UTF-16 pair without their other half (with the u flag, a whole pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Invisible characters that change how text is cut or shown: C0 controls (line breaks and tabs
 * included), DEL, C1 controls, the line and paragraph separators, and the marks that reorder text
 * (bidi embeddings, overrides and isolates, as U+202E that shows "gpj.exe" as "exe.jpg").
 */
const CONTROL = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = /(?![\n\t])[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** Text that can be stored at all: no NUL (PostgreSQL refuses it in text), no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/** One-line text (names, an account holder, a city): it may end up in an e-mail's subject or headers. */
export function isSingleLineText(text: string): boolean {
  return !CONTROL.test(text);
}

/** Free text (messages, profile texts) keeps its line breaks (as LF) and tabs and loses every other control character. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROL_EXCEPT_LINE_BREAKS_AND_TABS, "");
}

/** One-line text made safe where it is shown from stored data (an e-mail subject): each control character becomes a space. */
export function asSingleLine(text: string): string {
  return text.replace(new RegExp(CONTROL.source, "gu"), " ");
}
