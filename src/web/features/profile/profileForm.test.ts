import { describe, expect, it } from "vitest";
import type { Profile } from "../../../common/schemas/user";
import { geocodeToLocation, locationButtonState } from "./geolocation";
import { fieldVisible, formToUpdate, keepRegion, profileToForm, validateUpdate } from "./profileForm";

const ALL = [
  "gender",
  "sexuality",
  "date_of_birth",
  "country",
  "region",
  "city",
  "personal_text",
  "interests",
  "hair_color",
  "eye_color",
  "body_type",
  "relationship_status",
  "tattoos",
];

const profile: Profile = {
  id: 7,
  name: "Anna",
  status: "enabled",
  main_image: null,
  country: "NL",
  region: "NH",
  city: "Amsterdam",
  gender: "female",
  sexuality: null,
  date_of_birth: "1990-04-02",
  age: 34,
  personal_text: null,
  interests: ["music"],
  hair_color: "red",
  eye_color: null,
  body_type: null,
  relationship_status: "single",
  tattoos: null,
  fictional: false,
  verified: false,
};

describe("profile editor form", () => {
  it("always shows the name, other fields only when the site makes them visible", () => {
    expect(fieldVisible("name", [])).toBe(true);
    expect(fieldVisible("tattoos", [])).toBe(false);
    expect(fieldVisible("tattoos", ["tattoos"])).toBe(true);
  });

  it("turns a profile into form values and back without changes", () => {
    const update = formToUpdate(profileToForm(profile), ALL);
    expect(update).toEqual({
      name: "Anna",
      gender: "female",
      sexuality: null,
      date_of_birth: "1990-04-02",
      country: "NL",
      region: "NH",
      city: "Amsterdam",
      personal_text: null,
      interests: ["music"],
      hair_color: "red",
      eye_color: null,
      body_type: null,
      relationship_status: "single",
      tattoos: null,
    });
    expect(validateUpdate(update).ok).toBe(true);
  });

  it("sends only the visible fields, so hidden ones keep their value", () => {
    expect(Object.keys(formToUpdate(profileToForm(profile), ["city", "tattoos"])).sort()).toEqual(["city", "name", "tattoos"]);
  });

  it("trims texts, clears empty ones and the region of a cleared country", () => {
    const values = { ...profileToForm(profile), city: "  Utrecht ", personal_text: "   ", country: "" };
    const update = formToUpdate(values, ALL);
    expect(update.city).toBe("Utrecht");
    expect(update.personal_text).toBeNull();
    expect(update.country).toBeNull();
    expect(update.region).toBeNull();
  });

  it("leaves out an empty date of birth and gender, which cannot be cleared", () => {
    const update = formToUpdate({ ...profileToForm(profile), date_of_birth: "", gender: "" }, ALL);
    expect(update).not.toHaveProperty("date_of_birth");
    expect(update).not.toHaveProperty("gender");
  });

  it("reports schema errors by field as i18n keys", () => {
    const result = validateUpdate(formToUpdate({ ...profileToForm(profile), name: "A", date_of_birth: "2020-01-01" }, ALL));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ name: "errors.name_length", date_of_birth: "errors.date_of_birth" });
  });

  it("keeps the region only when the new country has it", () => {
    expect(keepRegion("NH", [{ code: "NH" }, { code: "UT" }])).toBe("NH");
    expect(keepRegion("NH", [{ code: "BY" }])).toBe("");
  });
});

describe("location button", () => {
  it("follows the browser's geolocation permission", () => {
    expect(locationButtonState("unsupported", false)).toEqual({ enabled: false, hint: "unsupported" });
    expect(locationButtonState("denied", false)).toEqual({ enabled: false, hint: "denied" });
    expect(locationButtonState("prompt", false)).toEqual({ enabled: true, hint: "prompt" });
    expect(locationButtonState("unknown", false)).toEqual({ enabled: true, hint: "prompt" });
    expect(locationButtonState("granted", false)).toEqual({ enabled: true, hint: null });
    expect(locationButtonState("granted", true).enabled).toBe(false);
  });

  it("fills country, known region and city from a geocode result", () => {
    const regionsOf = (c: string) => (c === "NL" ? [{ code: "NH" }] : []);
    expect(geocodeToLocation({ country: "NL", region: "NH", region_name: "Noord-Holland", city: "Amsterdam" }, ["NL"], regionsOf)).toEqual({
      ok: true,
      country: "NL",
      region: "NH",
      city: "Amsterdam",
    });
    expect(geocodeToLocation({ country: "NL", region: "XX", region_name: null, city: null }, ["NL"], regionsOf)).toEqual({
      ok: true,
      country: "NL",
      region: "",
      city: "",
    });
  });

  it("refuses a place outside the site's countries or one it cannot place", () => {
    const none = () => [];
    expect(geocodeToLocation({ country: "JP", region: null, region_name: null, city: "Tokyo" }, ["NL"], none)).toEqual({ ok: false, reason: "outside" });
    expect(geocodeToLocation({ country: null, region: null, region_name: null, city: null }, ["NL"], none)).toEqual({ ok: false, reason: "unknown" });
  });
});
