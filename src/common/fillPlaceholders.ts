/**
 * Fills {{placeholders}} with values; unknown ones stay visible. A value ending in a full stop (such
 * as "Amoria Media B.V.") before the sentence's own full stop gives one, not two.
 */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string, offset: number) => {
    if (!(name in values)) return whole;
    const value = String(values[name]);
    return value.endsWith(".") && text[offset + whole.length] === "." ? value.slice(0, -1) : value;
  });
}
