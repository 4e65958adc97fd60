import { City, State } from "country-state-city";
import { describe, expect, it } from "vitest";
import { ageOn, isIsoDate } from "../../common/dates";
import { INTERESTS } from "../../common/interests";
import { BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from "../../common/profileOptions";
import { type DemoMember, demoMember } from "./demoMember";
import { FIRST_NAMES } from "./firstNames";
import { mulberry32 } from "./mulberry32";
import { PERSONAL_TEXTS } from "./personalTexts";

const LANGUAGES_OF: Record<string, readonly string[]> = {
  US: ["en"],
  NL: ["nl"],
  BE: ["nl", "fr"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "fr", "it"],
  DK: ["da"],
  FI: ["fi"],
  NO: ["nb"],
  SE: ["sv"],
};

function members(count: number, seed = 1234): DemoMember[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => demoMember(i, random));
}

describe("demoMember", () => {
  const all = members(1000);

  it("gives unique emails per index", () => {
    expect(new Set(all.map((m) => m.email)).size).toBe(all.length);
    expect(all[7].email).toBe("demo7@demo.invalid");
  });

  it("is deterministic for a given PRNG seed", () => {
    expect(members(50, 99)).toEqual(members(50, 99));
    expect(members(50, 99)).not.toEqual(members(50, 100));
  });

  it("gives valid enum values", () => {
    for (const m of all) {
      expect(GENDERS).toContain(m.gender);
      expect(SEXUALITIES).toContain(m.sexuality);
      expect(HAIR_COLORS).toContain(m.hairColor);
      expect(EYE_COLORS).toContain(m.eyeColor);
      expect(BODY_TYPES).toContain(m.bodyType);
      expect(RELATIONSHIP_STATUSES).toContain(m.relationshipStatus);
      expect(TATTOOS).toContain(m.tattoos);
      if (m.sexuality === "lesbian") expect(m.gender).toBe("female");
      if (m.sexuality === "gay") expect(m.gender).toBe("male");
      if (m.hairColor === "bald") expect(m.gender).toBe("male");
      expect(Number.isSafeInteger(m.avatarSeed) && m.avatarSeed >= 0).toBe(true);
    }
  });

  it("gives ages 18..70, mostly 22..45", () => {
    let core = 0;
    for (const m of all) {
      expect(isIsoDate(m.dateOfBirth)).toBe(true);
      const age = ageOn(m.dateOfBirth);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(70);
      if (age >= 22 && age <= 45) core++;
    }
    expect(core / all.length).toBeGreaterThan(0.65);
  });

  it("gives about 55% women, mostly hetero, about 3% fictional", () => {
    const women = all.filter((m) => m.gender === "female").length / all.length;
    expect(women).toBeGreaterThan(0.48);
    expect(women).toBeLessThan(0.62);
    expect(all.filter((m) => m.sexuality === "hetero").length / all.length).toBeGreaterThan(0.75);
    const fictional = all.filter((m) => m.fictional).length / all.length;
    expect(fictional).toBeGreaterThan(0.005);
    expect(fictional).toBeLessThan(0.07);
  });

  it("places members in a real city of a region that has cities, in the right language", () => {
    const citiesOf = new Map<string, Set<string>>();
    for (const m of all) {
      expect(Object.keys(LANGUAGES_OF)).toContain(m.country);
      expect(LANGUAGES_OF[m.country]).toContain(m.language);
      expect(State.getStatesOfCountry(m.country).some((s) => s.isoCode === m.region)).toBe(true);
      let cities = citiesOf.get(m.country);
      if (!cities) {
        cities = new Set((City.getCitiesOfCountry(m.country) ?? []).map((c) => `${c.stateCode}|${c.name}`));
        citiesOf.set(m.country, cities);
      }
      expect(cities.has(`${m.region}|${m.city}`)).toBe(true);
    }
  });

  it("weights countries towards NL, BE, DE and GB", () => {
    const main = all.filter((m) => ["NL", "BE", "DE", "GB"].includes(m.country)).length;
    expect(main / all.length).toBeGreaterThan(0.45);
    expect(new Set(all.map((m) => m.country)).size).toBe(19);
  });

  it("gives names from the list for the country (and language)", () => {
    for (const m of all) {
      const list = FIRST_NAMES[`${m.country}-${m.language}`] ?? FIRST_NAMES[m.country];
      expect(list[m.gender]).toContain(m.name);
    }
  });

  it("writes the personal text in the member's language", () => {
    const plain = (text: string): string => text.replaceAll("ß", "ss");
    for (const m of all) {
      const t = PERSONAL_TEXTS[m.language];
      const lines = [...t.openers, ...t.closers].flatMap((l) => (typeof l === "string" ? [l] : [...l]));
      expect(lines.some((l) => plain(m.personalText).startsWith(plain(l)))).toBe(true);
      if (m.country === "CH") expect(m.personalText).not.toContain("ß");
    }
  });

  it("gives 2..6 distinct valid interests", () => {
    for (const m of all) {
      expect(m.interests.length).toBeGreaterThanOrEqual(2);
      expect(m.interests.length).toBeLessThanOrEqual(6);
      expect(new Set(m.interests).size).toBe(m.interests.length);
      for (const i of m.interests) expect(INTERESTS).toContain(i);
    }
  });

  it("makes older members more often grey", () => {
    const grey = (list: DemoMember[]): number => list.filter((m) => m.hairColor === "grey").length / Math.max(1, list.length);
    const old = all.filter((m) => ageOn(m.dateOfBirth) >= 55);
    const young = all.filter((m) => ageOn(m.dateOfBirth) < 40);
    expect(grey(old)).toBeGreaterThan(grey(young) + 0.2);
  });

  it("also varies well with a fresh PRNG per index", () => {
    const fresh = Array.from({ length: 500 }, (_, i) => demoMember(i, mulberry32(i + 1)));
    const women = fresh.filter((m) => m.gender === "female").length / fresh.length;
    expect(women).toBeGreaterThan(0.45);
    expect(women).toBeLessThan(0.65);
    expect(new Set(fresh.map((m) => m.avatarSeed)).size).toBe(fresh.length);
    expect(new Set(fresh.map((m) => m.country)).size).toBeGreaterThan(15);
  });

  it("has enough names and sentence templates", () => {
    for (const list of Object.values(FIRST_NAMES)) {
      expect(list.male.length).toBeGreaterThanOrEqual(20);
      expect(list.female.length).toBeGreaterThanOrEqual(20);
      expect(new Set(list.male).size).toBe(list.male.length);
      expect(new Set(list.female).size).toBe(list.female.length);
    }
    for (const t of Object.values(PERSONAL_TEXTS)) {
      expect(t.openers.length).toBeGreaterThanOrEqual(8);
      expect(t.closers.length).toBeGreaterThanOrEqual(8);
    }
  });
});
