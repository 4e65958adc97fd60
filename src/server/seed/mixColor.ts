// Tiny colour helpers for the SVG avatar drawing; colours are "#rrggbb" strings.

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(channel: number): string {
  return Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, "0");
}

/** The colour `amount` (0..1) of the way from `from` to `to`. */
export function mixColor(from: string, to: string, amount: number): string {
  const a = channels(from);
  const b = channels(to);
  return `#${toHex(a[0] + (b[0] - a[0]) * amount)}${toHex(a[1] + (b[1] - a[1]) * amount)}${toHex(a[2] + (b[2] - a[2]) * amount)}`;
}

/** Lighter (positive `amount`, towards white) or darker (negative, towards black). */
export function shadeColor(color: string, amount: number): string {
  return amount >= 0 ? mixColor(color, "#ffffff", amount) : mixColor(color, "#000000", -amount);
}
