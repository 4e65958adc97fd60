import { describe, expect, it } from "vitest";
import { filtersToParams } from "../members/filterQuery";
import { answersToFilters, canContinue, defaultAgeRange, type MatchFinderAnswers, suggestedSeeking } from "./matchFinderSteps";

const answers: MatchFinderAnswers = { seeking: "female", minAge: 25, maxAge: 35, country: "NL", region: "NH", interests: ["music"] };

describe("match finder", () => {
  it("suggests whom to look for from gender and sexuality", () => {
    expect(suggestedSeeking("male", "hetero")).toBe("female");
    expect(suggestedSeeking("female", null)).toBe("male");
    expect(suggestedSeeking("male", "gay")).toBe("male");
    expect(suggestedSeeking("female", "lesbian")).toBe("female");
    expect(suggestedSeeking("female", "bi")).toBe("both");
    expect(suggestedSeeking(null, "hetero")).toBeNull();
  });

  it("starts the age question around the member's own age, within 18-99", () => {
    expect(defaultAgeRange(40)).toEqual([32, 48]);
    expect(defaultAgeRange(20)).toEqual([18, 28]);
    expect(defaultAgeRange(95)).toEqual([87, 99]);
    expect(defaultAgeRange(null)).toEqual([25, 45]);
  });

  it("moves on from the first question only once it is answered", () => {
    expect(canContinue("gender", { ...answers, seeking: null })).toBe(false);
    expect(canContinue("gender", answers)).toBe(true);
    expect(canContinue("age", { ...answers, minAge: 40, maxAge: 30 })).toBe(false);
    expect(canContinue("interests", { ...answers, interests: [] })).toBe(true);
  });

  it("turns the answers into the search filters, and into the same link as the full search", () => {
    expect(answersToFilters(answers)).toEqual({ gender: "female", min_age: 25, max_age: 35, country: "NL", countryregion: "NH", interests: ["music"] });
    expect(filtersToParams(answersToFilters(answers)).toString()).toBe("gender=female&country=NL&countryregion=NH&min_age=25&max_age=35&interests=music");
  });

  it("lists the nearest first when asked to", () => {
    expect(answersToFilters(answers, "distance")).toMatchObject({ gender: "female", sort: "distance" });
    expect(filtersToParams(answersToFilters(answers, "distance")).get("sort")).toBe("distance");
  });

  it("searches both genders for 'both', and anywhere without a country", () => {
    expect(answersToFilters({ ...answers, seeking: "both", country: "", region: "NH", interests: [] })).toEqual({ min_age: 25, max_age: 35 });
  });
});
