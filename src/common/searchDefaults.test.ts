import { describe, expect, it } from "vitest";
import { isOwnSearch, type OwnSearchFacts, ownAgeRange, ownSearch, wantedGender, wantedGenders } from "./searchDefaults";

const zurich: OwnSearchFacts = { gender: "male", sexuality: "hetero", age: 36, country: "CH", region: "ZH", hasPlace: true };

describe("whom a member looks for", () => {
  it("follows gender and sexuality: a straight man women, a gay man men, a lesbian woman women, a bisexual member both", () => {
    expect(wantedGenders("male", "hetero")).toEqual(["female"]);
    expect(wantedGenders("female", "hetero")).toEqual(["male"]);
    expect(wantedGenders("male", "gay")).toEqual(["male"]);
    expect(wantedGenders("female", "lesbian")).toEqual(["female"]);
    expect(wantedGenders("male", "bi")).toEqual(["male", "female"]);
    expect(wantedGenders("female", "bi")).toEqual(["male", "female"]);
  });

  it("takes the other gender when the sexuality is not given, and both when the gender is not", () => {
    expect(wantedGenders("female", null)).toEqual(["male"]);
    expect(wantedGenders(null, "hetero")).toEqual(["male", "female"]);
    expect(wantedGender("male", "bi")).toBeNull();
    expect(wantedGender("male", "gay")).toBe("male");
  });
});

describe("the ages a first search looks at", () => {
  it("is the member's own age eight years either way", () => {
    expect(ownAgeRange(36)).toEqual({ min_age: 28, max_age: 44 });
  });

  it("stays within 18 to 99", () => {
    expect(ownAgeRange(20)).toEqual({ min_age: 18, max_age: 28 });
    expect(ownAgeRange(18)).toEqual({ min_age: 18, max_age: 26 });
    expect(ownAgeRange(95)).toEqual({ min_age: 87, max_age: 99 });
    expect(ownAgeRange(120)).toEqual({ min_age: 91, max_age: 99 });
  });

  it("is open without a known age", () => {
    expect(ownAgeRange(null)).toBeNull();
    expect(ownAgeRange(undefined)).toBeNull();
  });
});

describe("a member's own first search", () => {
  it("looks for the wanted gender around the member's age in their own country, nearest first", () => {
    expect(ownSearch(zurich, ["CH", "DE"])).toEqual({ gender: "female", min_age: 28, max_age: 44, country: "CH", sort: "distance" });
  });

  it("searches both genders for a bisexual member", () => {
    expect(ownSearch({ ...zurich, sexuality: "bi" }, ["CH"])).toEqual({ min_age: 28, max_age: 44, country: "CH", sort: "distance" });
  });

  it("leaves out a country the site is not sold in, and orders by newest without a place", () => {
    expect(ownSearch({ ...zurich, country: "US", hasPlace: false }, ["CH"])).toEqual({ gender: "female", min_age: 28, max_age: 44, sort: "newest" });
  });

  it("has only an order for a member who told nothing", () => {
    expect(ownSearch({ gender: null, sexuality: null, age: null, country: null, region: null, hasPlace: false }, ["CH"])).toEqual({ sort: "newest" });
  });
});

describe("whether an address is the member's own search", () => {
  it("is with no parameters, or with ones that are not the search's (a campaign's, the language)", () => {
    expect(isOwnSearch([])).toBe(true);
    expect(isOwnSearch(new URLSearchParams("utm_source=mail&utm_campaign=weekly&lang=de").keys())).toBe(true);
  });

  it("is not once the address names a filter or an order", () => {
    for (const query of ["gender=female", "min_age=30", "utm_source=mail&country=CH", "sort=newest", "verified=1", "interests=music"]) {
      expect(isOwnSearch(new URLSearchParams(query).keys()), query).toBe(false);
    }
  });
});
