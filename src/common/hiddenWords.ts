// Hidden words (issue 22): which messages a member's list of words and phrases catches. One rule for
// the client (to show what an entry will catch) and the server (which decides).

/** Letters that no Unicode decomposition takes apart, written as their base letters. */
const FOLDED_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const UNFOLDED = /[ßæøœłđðþı]/g;
const MARKS = /\p{M}/gu;
/** A word: letters and digits of any script; everything else (spaces, punctuation, apostrophes, hyphens, emoji) separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Text without case or accents: "Ÿ", "y" and "ÿ" alike, "Straße" as "strasse", "Łódź" as "lodz". */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(MARKS, "")
    .toLowerCase()
    .replace(UNFOLDED, (c) => FOLDED_LETTERS[c]);
}

/** The words of a text, folded, in order. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * An entry as it is compared and kept unique: its words, folded, one space apart; "" when it has no
 * letter or digit (such an entry could never catch anything).
 */
export function hiddenWordKey(entry: string): string {
  return wordsOf(entry).join(" ");
}

/**
 * Whether a text contains one of the entries as whole words: "Cash" catches "cash?" and "CASH" but
 * not "cashew"; "pay pal" catches "Pay-Pal" and "pay, pal" but not "pay my pal".
 */
export function matchesHiddenWords(text: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return false;
  const words = ` ${wordsOf(text).join(" ")} `;
  return entries.some((entry) => {
    const key = hiddenWordKey(entry);
    return key !== "" && words.includes(` ${key} `);
  });
}
