// The browser's date-and-time field (<input type="datetime-local">) speaks the member's own clock
// ("2026-11-28T19:30", no zone); the API speaks UTC instants. These turn one into the other.

const pad = (n: number) => String(n).padStart(2, "0");

/** The field's value for an instant, on this browser's clock. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a field's value names on this browser's clock, or null for an empty or broken value. */
export function fromLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The browser's time zone ("Europe/Amsterdam"), as the form tells the member. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A date's time as Share my date shows it: weekday, day, month, year and time, in the page's language. */
export const DATE_TIME_LONG: Intl.DateTimeFormatOptions = {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
