import { MAX_AGE, MIN_AGE } from "./constants";
import type { Gender, Sexuality } from "./profileOptions";

// Where a member's own search starts (the first search, the home page, the swipe game, the match
// finder): the people they look for, around their own age, near where they live. The server and the
// client both start from these rules, so the first search and the match finder agree.

/** Years either side of the member's own age that a first search looks at (our choice: a range of 17 years). */
export const OWN_AGE_SPREAD = 8;

/** The orders search results come in: newest members first, or nearest first (members with a place only). */
export const SEARCH_SORTS = ["newest", "distance"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * The genders a member looks for, from their gender and sexuality: a straight man women, a gay man
 * men, a lesbian woman women, a bisexual member both. Without a known gender: both. Without a known
 * sexuality the more common case, the other gender.
 */
export function wantedGenders(gender: Gender | null | undefined, sexuality: Sexuality | null | undefined): Gender[] {
  if (!gender || sexuality === "bi") return ["male", "female"];
  if (sexuality === "gay" || sexuality === "lesbian") return [gender];
  return [gender === "male" ? "female" : "male"];
}

/** The one gender a member looks for, or null when they look for both (no gender filter). */
export function wantedGender(gender: Gender | null | undefined, sexuality: Sexuality | null | undefined): Gender | null {
  const genders = wantedGenders(gender, sexuality);
  return genders.length === 1 ? genders[0] : null;
}

/** The ages a first search looks at: the member's own age ± OWN_AGE_SPREAD, within 18 to 99; null without a known age. */
export function ownAgeRange(age: number | null | undefined): { min_age: number; max_age: number } | null {
  if (age === null || age === undefined || !Number.isFinite(age)) return null;
  const own = Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(age)));
  return { min_age: Math.max(MIN_AGE, own - OWN_AGE_SPREAD), max_age: Math.min(MAX_AGE, own + OWN_AGE_SPREAD) };
}

/** What a member's own search starts from. */
export interface OwnSearchFacts {
  gender: Gender | null;
  sexuality: Sexuality | null;
  age: number | null;
  country: string | null;
  region: string | null;
  /** The member has a place (coordinates), so results can come nearest first. */
  hasPlace: boolean;
}

/** The filters of a member's own search (search filter of spec section 3, plus the order). */
export interface OwnSearch {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  sort: SearchSort;
}

/**
 * A member's own first search: the gender they look for, ages around their own, their own country
 * (when the site is sold there), nearest first when they have a place. Their region is not a filter
 * here: nearest first already puts it first, and a member 5 km away across the border of a canton
 * or province should not be left out. The match finder, which asks, starts with the region too.
 */
export function ownSearch(me: OwnSearchFacts, siteCountries: readonly string[]): OwnSearch {
  const search: OwnSearch = { sort: me.hasPlace ? "distance" : "newest" };
  const gender = wantedGender(me.gender, me.sexuality);
  if (gender) search.gender = gender;
  const ages = ownAgeRange(me.age);
  if (ages) Object.assign(search, ages);
  if (me.country && siteCountries.includes(me.country)) search.country = me.country;
  return search;
}

/** The query parameters of a search's address (the client's filterQuery writes them). */
export const SEARCH_PARAMS = ["gender", "country", "countryregion", "min_age", "max_age", "interests", "sort", "verified"] as const;

/**
 * Whether an address of the members' search (a member's home, /members) is their own search: it names
 * no filter and no order. Other parameters (a campaign's utm_*, ?lang=) leave it their own search; a
 * search the member made always names its order. The server (the data a member's first page brings)
 * and the client (MembersPage) decide with this.
 */
export function isOwnSearch(paramNames: Iterable<string>): boolean {
  for (const name of paramNames) if ((SEARCH_PARAMS as readonly string[]).includes(name)) return false;
  return true;
}
