import { type Db, preparedRows } from "../../db/client";
import { listedText } from "./access";
import type { SearchFilter } from "./members.repo";

// The search count from the tallies of migration 0027 (listed profiles per site, country, gender,
// month of birth and verified or not in `search_tallies`, the same over all countries of a site in
// `search_site_tallies`; kept exact by triggers on `profiles`). The months wholly inside the age
// range are summed from the tallies; the profiles born in the one or two months at its edges, which a
// tally holds only in part, are counted from `profiles_birth_idx`. The result is the exact count(*)
// of the filter, as members.repo's countRows reads it, at the cost of a few thousand tally rows at
// most instead of up to every profile of the site.

/** Whether the tallies can answer this filter: they hold no regions and no interests, and no single members. */
export function talliesAnswer(filter: SearchFilter): boolean {
  return !filter.region && !filter.interests?.length && filter.excludeIds.length === 0 && filter.onlyIds === undefined;
}

const DAY_MS = 86_400_000;
const dayOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const textOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The first day of the month `ms` is in, plus `months` months (UTC milliseconds). */
const monthStart = (ms: number, months = 0): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
};

/**
 * The months of birth [from, until) whose every day lies within [bornFrom, bornUntil] (YYYY-MM-DD,
 * either open), as first days; null when no month lies wholly within. `from` is absent when the range
 * is open below, `until` when it is open above.
 */
export function wholeMonths(bornFrom: string | undefined, bornUntil: string | undefined): { from?: string; until?: string } | null {
  const lo = bornFrom === undefined ? undefined : dayOf(bornFrom);
  const hi = bornUntil === undefined ? undefined : dayOf(bornUntil);
  // The first month starting on or after bornFrom; the month of the day after bornUntil (a month
  // ending on bornUntil is whole).
  const from = lo === undefined ? undefined : monthStart(lo) === lo ? lo : monthStart(lo, 1);
  const until = hi === undefined ? undefined : monthStart(hi + DAY_MS);
  if (from !== undefined && until !== undefined && from >= until) return null;
  return { from: from === undefined ? undefined : textOf(from), until: until === undefined ? undefined : textOf(until) };
}

/** The statement text for each shape of filter (which filters and which edges), named and prepared per shape. */
const texts = new Map<string, string>();

/**
 * How many listed members match the filter, from the tallies: null when the tallies cannot answer it
 * (talliesAnswer) or no whole month lies in its age range (then a plain count reads a month or two).
 */
export async function tallyCount(db: Db, filter: SearchFilter): Promise<number | null> {
  const statement = tallyStatement(filter);
  if (!statement) return null;
  const [row] = await preparedRows<{ total: number }>(db, statement.name, statement.text, statement.values);
  return row.total;
}

/** The statement of tallyCount for this filter (its name, text and values; null: the tallies cannot answer), also for plans. */
export function tallyStatement(filter: SearchFilter): { name: string; text: string; values: unknown[] } | null {
  const aDay = (day: string | undefined) => day === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(dayOf(day)));
  if (!talliesAnswer(filter) || !aDay(filter.bornFrom) || !aDay(filter.bornUntil)) return null;
  const months = wholeMonths(filter.bornFrom, filter.bornUntil);
  if (!months) return null;
  const values: unknown[] = [filter.siteId];
  const tally: string[] = ["t.site_id = $1"];
  const rows: string[] = ["p.site_id = $1", listedText("p")];
  let shape = "";
  const value = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  if (filter.gender) {
    const v = value(filter.gender);
    tally.push(`t.gender = ${v}`);
    rows.push(`p.gender = ${v}`);
    shape += "g";
  }
  if (filter.country) {
    const v = value(filter.country);
    tally.push(`t.country = ${v}`);
    rows.push(`p.country = ${v}`);
    shape += "c";
  }
  if (filter.verified) {
    tally.push("t.verified");
    rows.push("p.verified_at IS NOT NULL");
    shape += "v";
  }
  // The edges: born from bornFrom up to the first whole month, and from the end of the last whole
  // month to bornUntil (none where the range starts or ends with a whole month).
  const edges: string[] = [];
  if (months.from !== undefined) {
    const first = value(months.from);
    tally.push(`t.birth_month >= ${first}::date`);
    shape += "F";
    if (filter.bornFrom !== months.from) {
      edges.push(`p.date_of_birth >= ${value(filter.bornFrom)}::date AND p.date_of_birth < ${first}::date`);
      shape += "f";
    }
  }
  if (months.until !== undefined && filter.bornUntil !== undefined) {
    const after = value(months.until);
    tally.push(`t.birth_month < ${after}::date`);
    shape += "U";
    if (textOf(dayOf(filter.bornUntil) + DAY_MS) !== months.until) {
      edges.push(`p.date_of_birth >= ${after}::date AND p.date_of_birth <= ${value(filter.bornUntil)}::date`);
      shape += "u";
    }
  }
  let text = texts.get(shape);
  if (text === undefined) {
    const edgeCounts = edges.map((edge) => ` + (SELECT count(*) FROM profiles p WHERE ${[...rows, edge].join(" AND ")})`).join("");
    const table = filter.country ? "search_tallies" : "search_site_tallies";
    text = `SELECT ((SELECT coalesce(sum(t.n), 0) FROM ${table} t WHERE ${tally.join(" AND ")})${edgeCounts})::int AS total`;
    texts.set(shape, text);
  }
  return { name: `search_tally_count_${shape}`, text, values };
}
