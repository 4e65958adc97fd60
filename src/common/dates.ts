/** Today's UTC date as year, month and day, kept for the UTC day it belongs to. */
let todayCache = { from: 0, until: 0, year: 0, month: 0, day: 0 };

function utcToday(now: number) {
  if (now < todayCache.from || now >= todayCache.until) {
    const date = new Date(now);
    const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
    todayCache = { from, until: from + 86_400_000, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  }
  return todayCache;
}

/**
 * Whole years between an ISO date of birth (YYYY-MM-DD) and `today` (UTC dates). Lists call it for
 * hundreds of cards at a time, so it reads the digits in place and today's date is worked out once a day.
 */
export function ageOn(dateOfBirth: string, today?: Date): number {
  const t = today ? { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() } : utcToday(Date.now());
  const y = Number(dateOfBirth.slice(0, 4));
  const m = Number(dateOfBirth.slice(5, 7));
  const d = Number(dateOfBirth.slice(8, 10));
  let age = t.year - y;
  if (t.month < m || (t.month === m && t.day < d)) age -= 1;
  return age;
}

/** True when `value` is a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
