import type { ApiCalls } from "../../../common/apiCalls";
import type { CallInput } from "../../../common/apiContract";
import { MAX_AGE, MAX_INTERESTS, MIN_AGE } from "../../../common/constants";
import { INTERESTS, type Interest } from "../../../common/interests";
import { GENDERS, type Gender } from "../../../common/profileOptions";
import { SEARCH_SORTS, type SearchSort } from "../../../common/searchDefaults";

// Search filters (spec section 3, "Search filter") live in the URL so that a search can be shared,
// bookmarked and reached again with the back button. These functions are the one translation between
// the query string, the filter form and the API query of GET /api/members.php.

export interface SearchFilters {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  interests?: Interest[];
  /** Newest or nearest first (spec section 3 has no order; nearest first needs the member's place). */
  sort?: SearchSort;
  /** Verified members only (photo verification): `verified=1`. */
  verified?: true;
}

/** The filter form's values: what the selects hold, "" for "any". */
export interface SearchFormValues {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  interests: string[];
  sort: string;
  verified?: boolean;
}

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);
const isInterest = (value: string): value is Interest => (INTERESTS as readonly string[]).includes(value);
const isSort = (value: string): value is SearchSort => (SEARCH_SORTS as readonly string[]).includes(value);

function age(value: string | null): number | undefined {
  if (!value || !/^\d{1,3}$/.test(value.trim())) return undefined;
  return Math.min(MAX_AGE, Math.max(MIN_AGE, Number(value)));
}

/**
 * Filters read from a query string. Anything the API would refuse is dropped rather than sent, so a
 * hand-edited or outdated link still searches: unknown genders and interests, countries the site does
 * not sell in, a region without a country, ages outside 18-99 (clamped) or the wrong way round (swapped).
 */
export function filtersFromParams(params: URLSearchParams, countries?: readonly string[]): SearchFilters {
  const filters: SearchFilters = {};
  const gender = params.get("gender") ?? "";
  if (isGender(gender)) filters.gender = gender;
  const country = (params.get("country") ?? "").trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(country) && (!countries || countries.includes(country))) {
    filters.country = country;
    const region = (params.get("countryregion") ?? "").trim();
    if (region && region.length <= 10) filters.countryregion = region;
  }
  let minAge = age(params.get("min_age"));
  let maxAge = age(params.get("max_age"));
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  if (minAge !== undefined) filters.min_age = minAge;
  if (maxAge !== undefined) filters.max_age = maxAge;
  const interests = [...new Set((params.get("interests") ?? "").split(",").map((i) => i.trim()))].filter(isInterest).slice(0, MAX_INTERESTS);
  if (interests.length > 0) filters.interests = interests;
  const sort = params.get("sort") ?? "";
  if (isSort(sort)) filters.sort = sort;
  if (params.get("verified") === "1") filters.verified = true;
  return filters;
}

/** The query string of `filters`, in a fixed order and without empty values (also the cache key). */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.country) params.set("country", filters.country);
  if (filters.country && filters.countryregion) params.set("countryregion", filters.countryregion);
  if (filters.min_age !== undefined) params.set("min_age", String(filters.min_age));
  if (filters.max_age !== undefined) params.set("max_age", String(filters.max_age));
  if (filters.interests?.length) params.set("interests", filters.interests.join(","));
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.verified) params.set("verified", "1");
  return params;
}

/** The query of GET /api/members.php, typed from its contract (numbers where the address bar has strings). */
export type SearchApiQuery = NonNullable<CallInput<ApiCalls["GET /api/members.php"]>["query"]>;

/** The query of GET /api/members.php for `filters`, continuing after `cursor` when given. */
export function filtersToApiQuery(filters: SearchFilters, cursor?: string | null): SearchApiQuery {
  const query: SearchApiQuery = {};
  if (filters.gender) query.gender = filters.gender;
  if (filters.country) query.country = filters.country;
  if (filters.country && filters.countryregion) query.countryregion = filters.countryregion;
  if (filters.min_age !== undefined) query.min_age = filters.min_age;
  if (filters.max_age !== undefined) query.max_age = filters.max_age;
  if (filters.interests?.length) query.interests = filters.interests.join(",");
  if (filters.sort) query.sort = filters.sort;
  if (filters.verified) query.verified = "1";
  if (cursor) query.cursor = cursor;
  return query;
}

export function filtersToForm(filters: SearchFilters): SearchFormValues {
  return {
    gender: filters.gender ?? "",
    country: filters.country ?? "",
    countryregion: filters.countryregion ?? "",
    min_age: filters.min_age === undefined ? "" : String(filters.min_age),
    max_age: filters.max_age === undefined ? "" : String(filters.max_age),
    interests: filters.interests ?? [],
    sort: filters.sort ?? "",
    verified: filters.verified ?? false,
  };
}

export function filtersFromForm(values: SearchFormValues, countries?: readonly string[]): SearchFilters {
  const { interests, verified, ...rest } = values;
  return filtersFromParams(new URLSearchParams({ ...rest, interests: interests.join(","), verified: verified ? "1" : "" }), countries);
}

/** How many filters are set (shown on the collapsed filter button on phones). */
export function activeFilterCount(filters: SearchFilters): number {
  return [
    filters.gender,
    filters.country,
    filters.countryregion,
    filters.min_age ?? filters.max_age,
    filters.interests?.length ? 1 : undefined,
    filters.verified,
  ].filter((v) => v !== undefined).length;
}
