import { describe, expect, it } from "vitest";
import { LAST_SIGNUP_STEP, missingForStep, nextSignupStep, signupStepName, signupsOpen, soughtGender } from "./signupSteps";

const empty = { gender: null, sexuality: null, country: null, region: null };

describe("signup steps", () => {
  it("names the steps of the spec in order, push last", () => {
    expect([0, 1, 2, 3, 4, 5].map(signupStepName)).toEqual(["account", "photo", "about", "personal", "location", "push"]);
    expect(LAST_SIGNUP_STEP).toBe(5);
    expect(nextSignupStep(1)).toBe(2);
    expect(nextSignupStep(5)).toBeNull();
  });

  it("lets photo, about me and push be skipped, but not personal info or location", () => {
    for (const step of [1, 2, 5]) expect(missingForStep(step, empty, true)).toEqual([]);
    expect(missingForStep(3, empty, true)).toEqual(["gender", "sexuality"]);
    expect(missingForStep(3, { ...empty, gender: "male" }, true)).toEqual(["sexuality"]);
    expect(missingForStep(4, empty, true)).toEqual(["country"]);
    expect(missingForStep(4, { ...empty, country: "NL" }, true)).toEqual(["region"]);
    expect(missingForStep(4, { ...empty, country: "MC" }, false)).toEqual([]);
    expect(missingForStep(4, { ...empty, country: "NL", region: "NH" }, true)).toEqual([]);
  });

  it("derives whom a member looks for", () => {
    expect(soughtGender("male", "hetero")).toBe("female");
    expect(soughtGender("female", "hetero")).toBe("male");
    expect(soughtGender("male", "gay")).toBe("male");
    expect(soughtGender("female", "lesbian")).toBe("female");
    expect(soughtGender("female", "bi")).toBeNull();
    expect(soughtGender(null, "hetero")).toBeNull();
  });
});

describe("the signups setting", () => {
  it("opens signups to all, to visitors with a traffic source, or to nobody", () => {
    expect(signupsOpen("all", undefined)).toBe(true);
    expect(signupsOpen("with_trafficsource", undefined)).toBe(false);
    expect(signupsOpen("with_trafficsource", { sub1: "x" } as { network?: string })).toBe(false);
    expect(signupsOpen("with_trafficsource", { network: "adnet" })).toBe(true);
    expect(signupsOpen("with_trafficsource", { ref: "partner7" })).toBe(true);
    expect(signupsOpen("none", { network: "adnet" })).toBe(false);
  });
});
