import { describe, expect, it } from "vitest";
import { tallyStatement, talliesAnswer, wholeMonths } from "./searchTallies";

describe("the months of birth a tally sum covers", () => {
  it("are those lying wholly within the range: a range from a first day or to a last day takes its month", () => {
    expect(wholeMonths("1990-01-01", "1990-12-31")).toEqual({ from: "1990-01-01", until: "1991-01-01" });
    expect(wholeMonths("1990-01-02", "1990-12-30")).toEqual({ from: "1990-02-01", until: "1990-12-01" });
    expect(wholeMonths("1989-12-15", "1990-03-01")).toEqual({ from: "1990-01-01", until: "1990-03-01" });
  });

  it("end with February on its last day, in leap years too", () => {
    expect(wholeMonths("1990-01-01", "1992-02-28")).toEqual({ from: "1990-01-01", until: "1992-02-01" });
    expect(wholeMonths("1990-01-01", "1992-02-29")).toEqual({ from: "1990-01-01", until: "1992-03-01" });
    expect(wholeMonths("1990-01-01", "1990-02-28")).toEqual({ from: "1990-01-01", until: "1990-03-01" });
  });

  it("are open where the range is", () => {
    expect(wholeMonths(undefined, undefined)).toEqual({ from: undefined, until: undefined });
    expect(wholeMonths("1990-05-31", undefined)).toEqual({ from: "1990-06-01", until: undefined });
    expect(wholeMonths(undefined, "1990-05-30")).toEqual({ from: undefined, until: "1990-05-01" });
  });

  it("are none within one month, over one month end without a whole month, or the wrong way round", () => {
    expect(wholeMonths("1990-02-02", "1990-02-27")).toBeNull();
    expect(wholeMonths("1990-01-15", "1990-02-27")).toBeNull();
    expect(wholeMonths("1990-03-01", "1990-02-28")).toBeNull();
    expect(wholeMonths("1991-01-01", "1990-01-01")).toBeNull();
  });
});

describe("the filters tallies answer", () => {
  it("are those of site, gender, country, verified and ages, without regions, interests or single members", () => {
    const base = { siteId: 1, excludeIds: [] };
    expect(talliesAnswer({ ...base, gender: "female", country: "NL", verified: true, bornFrom: "1990-01-01", interests: [] })).toBe(true);
    expect(talliesAnswer({ ...base, country: "NL", region: "UT" })).toBe(false);
    expect(talliesAnswer({ ...base, interests: ["music"] })).toBe(false);
    expect(talliesAnswer({ ...base, excludeIds: [3] })).toBe(false);
    expect(talliesAnswer({ ...base, onlyIds: [3] })).toBe(false);
  });
});

describe("the statement of a tally count", () => {
  it("sums by country where a country is asked for, else over the site, and counts only the partial edge months from profiles", () => {
    const base = { siteId: 1, excludeIds: [] };
    const inCountry = tallyStatement({ ...base, gender: "female", country: "NL", bornFrom: "1985-03-14", bornUntil: "2000-06-30" });
    expect(inCountry?.text).toMatch(/FROM search_tallies t WHERE/);
    expect(inCountry?.text.match(/FROM profiles p/g)).toHaveLength(1);
    expect(inCountry?.values).toEqual([1, "female", "NL", "1985-04-01", "1985-03-14", "2000-07-01"]);
    const anywhere = tallyStatement({ ...base, bornFrom: "1985-03-01", bornUntil: "2000-06-29" });
    expect(anywhere?.text).toMatch(/FROM search_site_tallies t WHERE/);
    expect(anywhere?.values).toEqual([1, "1985-03-01", "2000-06-01", "2000-06-29"]);
    expect(tallyStatement({ ...base, verified: true })?.values).toEqual([1]);
  });

  it("is none for a day that is not a date (then the plain count answers, or refuses it)", () => {
    expect(tallyStatement({ siteId: 1, excludeIds: [], bornFrom: "1990-13-01" })).toBeNull();
    expect(tallyStatement({ siteId: 1, excludeIds: [], bornUntil: "soon" })).toBeNull();
  });
});
