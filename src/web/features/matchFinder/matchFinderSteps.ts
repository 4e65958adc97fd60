import { MAX_AGE, MIN_AGE } from "../../../common/constants";
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

/** Years either side of the member's own age that the age question starts with. */
const AGE_SPREAD = 10;
const DEFAULT_RANGE = [25, 45] as const;

/** Whom a member probably looks for, from their gender and sexuality; null when we cannot tell. */
export function suggestedSeeking(gender: Gender | null | undefined, sexuality: Sexuality | null | undefined): SeekingGender | null {
  if (!gender) return null;
  const other: Gender = gender === "male" ? "female" : "male";
  if (sexuality === "bi") return "both";
  if (sexuality === "gay" || sexuality === "lesbian") return gender;
  return other;
}

/** The age range the question starts with: around the member's own age, else 25 to 45. */
export function defaultAgeRange(age: number | null | undefined): [number, number] {
  if (!age) return [...DEFAULT_RANGE];
  return [Math.max(MIN_AGE, age - AGE_SPREAD), Math.min(MAX_AGE, age + AGE_SPREAD)];
}

/** A step can be left once it is answered; age and place always have an answer, interests are optional. */
export function canContinue(step: MatchFinderStep, answers: MatchFinderAnswers): boolean {
  if (step === "gender") return answers.seeking !== null;
  if (step === "age") return answers.minAge >= MIN_AGE && answers.maxAge <= MAX_AGE && answers.minAge <= answers.maxAge;
  return true;
}

/** The search the answers stand for (the same filters the full search page takes). */
export function answersToFilters(answers: MatchFinderAnswers): SearchFilters {
  const filters: SearchFilters = { min_age: answers.minAge, max_age: answers.maxAge };
  if (answers.seeking && answers.seeking !== "both") filters.gender = answers.seeking;
  if (answers.country) {
    filters.country = answers.country;
    if (answers.region) filters.countryregion = answers.region;
  }
  if (answers.interests.length > 0) filters.interests = answers.interests;
  return filters;
}
