import { MAX_AGE, MIN_AGE } from "../../../common/constants";
import { ownAgeRange, type SearchSort, wantedGender } from "../../../common/searchDefaults";
import type { Interest } from "../../../common/interests";
import type { Gender, Sexuality } from "../../../common/profileOptions";
import type { SearchFilters } from "../members/filterQuery";

/** The wizard's questions, in order; after the last one it shows the matches. */
export const MATCH_FINDER_STEPS = ["gender", "age", "where", "interests"] as const;
export type MatchFinderStep = (typeof MATCH_FINDER_STEPS)[number];

/** "both" searches men and women alike (no gender filter). */
export type SeekingGender = Gender | "both";
export const SEEKING_OPTIONS: readonly SeekingGender[] = ["female", "male", "both"];

export interface MatchFinderAnswers {
  seeking: SeekingGender | null;
  minAge: number;
  maxAge: number;
  country: string;
  region: string;
  interests: Interest[];
}

const DEFAULT_RANGE = [25, 45] as const;

/** Whom a member probably looks for (the shared rule of common/searchDefaults.ts); null when we cannot tell. */
export function suggestedSeeking(gender: Gender | null | undefined, sexuality: Sexuality | null | undefined): SeekingGender | null {
  if (!gender) return null;
  return wantedGender(gender, sexuality) ?? "both";
}

/** The age range the question starts with: around the member's own age (the shared rule), else 25 to 45. */
export function defaultAgeRange(age: number | null | undefined): [number, number] {
  const own = ownAgeRange(age);
  return own ? [own.min_age, own.max_age] : [...DEFAULT_RANGE];
}

/** A step can be left once it is answered; age and place always have an answer, interests are optional. */
export function canContinue(step: MatchFinderStep, answers: MatchFinderAnswers): boolean {
  if (step === "gender") return answers.seeking !== null;
  if (step === "age") return answers.minAge >= MIN_AGE && answers.maxAge <= MAX_AGE && answers.minAge <= answers.maxAge;
  return true;
}

/** The search the answers stand for (the same filters the full search page takes), in the given order. */
export function answersToFilters(answers: MatchFinderAnswers, sort?: SearchSort): SearchFilters {
  const filters: SearchFilters = { min_age: answers.minAge, max_age: answers.maxAge };
  if (sort) filters.sort = sort;
  if (answers.seeking && answers.seeking !== "both") filters.gender = answers.seeking;
  if (answers.country) {
    filters.country = answers.country;
    if (answers.region) filters.countryregion = answers.region;
  }
  if (answers.interests.length > 0) filters.interests = answers.interests;
  return filters;
}
