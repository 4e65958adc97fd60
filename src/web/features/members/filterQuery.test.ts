import { describe, expect, it } from "vitest";
import { SEARCH_PARAMS } from "../../../common/searchDefaults";
import { activeFilterCount, filtersFromForm, filtersFromParams, filtersToApiQuery, filtersToForm, filtersToParams } from "./filterQuery";

const read = (query: string, countries?: string[]) => filtersFromParams(new URLSearchParams(query), countries);

describe("search filters in the query string", () => {
  it("reads every filter of a well-formed link", () => {
    expect(read("gender=female&country=NL&countryregion=NH&min_age=25&max_age=40&interests=music,travel")).toEqual({
      gender: "female",
      country: "NL",
      countryregion: "NH",
      min_age: 25,
      max_age: 40,
      interests: ["music", "travel"],
    });
  });

  it("drops what the API would refuse instead of failing the search", () => {
    expect(read("gender=robot&country=Netherlands&min_age=abc&interests=knitting")).toEqual({});
    expect(read("country=nl")).toEqual({ country: "NL" });
  });

  it("ignores a region without a country and a country the site does not sell in", () => {
    expect(read("countryregion=NH")).toEqual({});
    expect(read("country=JP&countryregion=13", ["NL", "DE"])).toEqual({});
    expect(read("country=DE&countryregion=BY", ["NL", "DE"])).toEqual({ country: "DE", countryregion: "BY" });
  });

  it("clamps ages to 18-99 and swaps a range given the wrong way round", () => {
    expect(read("min_age=12&max_age=150")).toEqual({ min_age: 18, max_age: 99 });
    expect(read("min_age=50&max_age=30")).toEqual({ min_age: 30, max_age: 50 });
  });

  it("keeps at most 10 distinct known interests", () => {
    const many = "travel,travel,music,movies,sports,cooking,reading,dancing,nature,art,gaming,fitness,yoga";
    const interests = read(`interests=${many}`).interests ?? [];
    expect(interests).toHaveLength(10);
    expect(new Set(interests).size).toBe(10);
  });

  it("writes filters back in a fixed order without empty values, so equal searches share a cache key", () => {
    const filters = read("max_age=40&gender=male&min_age=20");
    expect(filtersToParams(filters).toString()).toBe("gender=male&min_age=20&max_age=40");
    expect(filtersToParams({}).toString()).toBe("");
    expect(filtersToParams(read(filtersToParams(filters).toString()))).toEqual(filtersToParams(filters));
  });

  it("joins interests with commas and adds the cursor for the API", () => {
    expect(filtersToApiQuery({ interests: ["music", "art"] }, "123")).toEqual({ interests: "music,art", cursor: "123" });
    expect(filtersToApiQuery({ gender: "female" }, null)).toEqual({ gender: "female" });
  });

  it("round-trips through the filter form, where empty means any", () => {
    const filters = read("gender=female&country=NL&min_age=30&interests=wine");
    expect(filtersFromForm(filtersToForm(filters))).toEqual(filters);
    expect(filtersFromForm({ gender: "", country: "", countryregion: "X", min_age: "", max_age: "", interests: [], sort: "" })).toEqual({});
  });

  it("keeps the verified-only filter in the link, the form and the API query", () => {
    expect(read("gender=female&verified=1")).toEqual({ gender: "female", verified: true });
    expect(read("verified=yes")).toEqual({});
    expect(filtersToParams({ gender: "male", verified: true }).toString()).toBe("gender=male&verified=1");
    expect(filtersToApiQuery({ verified: true }, null)).toEqual({ verified: "1" });
    expect(filtersFromForm(filtersToForm({ verified: true }))).toEqual({ verified: true });
    expect(filtersToForm({}).verified).toBe(false);
    expect(activeFilterCount({ gender: "male", verified: true })).toBe(2);
  });

  it("keeps the order of the results, and drops an unknown one", () => {
    expect(read("gender=female&sort=distance")).toEqual({ gender: "female", sort: "distance" });
    expect(read("sort=closest")).toEqual({});
    expect(filtersToParams({ sort: "distance", gender: "male" }).toString()).toBe("gender=male&sort=distance");
    expect(filtersFromForm({ ...filtersToForm({ sort: "newest" }) })).toEqual({ sort: "newest" });
  });

  it("counts the filters in use, an age range once", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ gender: "male", min_age: 20, max_age: 30, interests: ["art"] })).toBe(3);
  });
});

describe("the search's parameters", () => {
  it("are the ones the shared rule of a member's own search knows (common/searchDefaults.ts)", () => {
    const all = filtersToParams({
      gender: "female",
      country: "CH",
      countryregion: "ZH",
      min_age: 25,
      max_age: 40,
      interests: ["music"],
      sort: "distance",
      verified: true,
    });
    expect([...all.keys()].sort()).toEqual([...SEARCH_PARAMS].sort());
  });
});
