import { describe, expect, it } from "vitest";
import { countryName, countryOptions } from "./countryNames";
import { locationLine, profileFacts } from "./profileFacts";

const profile = {
  gender: "female",
  sexuality: "hetero",
  relationship_status: "single",
  body_type: null,
  hair_color: "red",
  eye_color: "green",
  tattoos: "none",
} as const;

describe("profile facts", () => {
  it("shows only the filled-in fields the site makes visible, in a fixed order", () => {
    expect(profileFacts(profile, ["tattoos", "hair_color", "body_type", "city"])).toEqual([
      { field: "hair_color", value: "red" },
      { field: "tattoos", value: "none" },
    ]);
  });
  it("shows nothing when the site hides every field", () => {
    expect(profileFacts(profile, [])).toEqual([]);
  });
});

describe("location line", () => {
  it("joins the known parts and skips empty or repeated ones", () => {
    expect(locationLine(["Amsterdam", "North Holland", "Netherlands"])).toBe("Amsterdam, North Holland, Netherlands");
    expect(locationLine([null, "", "Berlin", "berlin", "Germany"])).toBe("Berlin, Germany");
    expect(locationLine([null, undefined])).toBe("");
  });
});

describe("country names", () => {
  it("names countries in the page's language and sorts them by that name", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("DE", "nl")).toBe("Duitsland");
    expect(countryOptions(["NL", "DE", "BE"], "de").map((c) => c.code)).toEqual(["BE", "DE", "NL"]);
    expect(countryOptions(["NL", "DE", "BE"], "en").map((c) => c.name)).toEqual(["Belgium", "Germany", "Netherlands"]);
  });
});
