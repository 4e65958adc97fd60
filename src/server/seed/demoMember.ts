import { ageOn } from "../../common/dates";
import { INTERESTS, type Interest } from "../../common/interests";
import type { Country, Language } from "../../common/locales";
import { BODY_TYPES, type EYE_COLORS, type Gender, type HAIR_COLORS, RELATIONSHIP_STATUSES, type Sexuality, TATTOOS } from "../../common/profileOptions";
import { demoLocation } from "./demoLocation";
import { FIRST_NAMES } from "./firstNames";
import { PERSONAL_TEXTS, type TextLine } from "./personalTexts";
import { type SeededPicker, seededPicker } from "./seededPicker";

type HairColor = (typeof HAIR_COLORS)[number];
type EyeColor = (typeof EYE_COLORS)[number];
type BodyType = (typeof BODY_TYPES)[number];
type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
type Tattoos = (typeof TATTOOS)[number];

/** Profile data of one demo member. */
export interface DemoMember {
  email: string;
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  /** YYYY-MM-DD; the member is 18..70 years old today. */
  dateOfBirth: string;
  country: Country;
  /** State isoCode (country-state-city) of the city. */
  region: string;
  city: string;
  language: Language;
  personalText: string;
  interests: Interest[];
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  relationshipStatus: RelationshipStatus;
  tattoos: Tattoos;
  fictional: boolean;
  /** Seed for renderAvatar. */
  avatarSeed: number;
}

const COUNTRY_WEIGHTS: Readonly<Record<Country, number>> = {
  NL: 20,
  BE: 12,
  DE: 14,
  GB: 12,
  US: 6,
  FR: 5,
  IT: 4,
  ES: 4,
  AT: 3,
  IE: 2,
  CA: 3,
  PL: 3,
  AU: 3,
  NZ: 1,
  CH: 3,
  DK: 2,
  FI: 1.5,
  NO: 1.5,
  SE: 2,
};
const COUNTRY_LIST = Object.keys(COUNTRY_WEIGHTS) as Country[];

type Region = "nordic" | "central" | "british" | "south" | "overseas";
const REGION_OF: Readonly<Record<Country, Region>> = {
  DK: "nordic",
  FI: "nordic",
  NO: "nordic",
  SE: "nordic",
  NL: "central",
  BE: "central",
  DE: "central",
  AT: "central",
  CH: "central",
  PL: "central",
  GB: "british",
  IE: "british",
  IT: "south",
  ES: "south",
  FR: "south",
  US: "overseas",
  CA: "overseas",
  AU: "overseas",
  NZ: "overseas",
};
const NATURAL_HAIR = ["black", "brown", "blond", "red", "other"] as const;
const HAIR_WEIGHTS: Readonly<Record<Region, readonly number[]>> = {
  nordic: [4, 30, 50, 5, 2],
  central: [8, 45, 35, 5, 2],
  british: [10, 45, 28, 12, 3],
  south: [30, 55, 10, 3, 2],
  overseas: [20, 45, 25, 6, 3],
};
const EYES = ["brown", "blue", "green", "grey", "hazel"] as const;
const EYE_WEIGHTS: Readonly<Record<Region, readonly number[]>> = {
  nordic: [20, 50, 12, 10, 8],
  central: [31, 35, 14, 8, 12],
  british: [26, 40, 14, 8, 12],
  south: [60, 10, 12, 3, 15],
  overseas: [45, 27, 12, 4, 12],
};
const INTEREST_WEIGHTS: Readonly<Record<Interest, number>> = {
  travel: 9,
  music: 8,
  movies: 7,
  sports: 5,
  cooking: 6,
  reading: 5,
  dancing: 4,
  nature: 6,
  art: 3,
  gaming: 3,
  fitness: 5,
  photography: 3,
  animals: 4,
  fashion: 3,
  wine: 4,
  beach: 5,
  cars: 2,
  technology: 3,
  theatre: 2,
  yoga: 3,
};

/** Realistic demo profile data for member number `index`, drawn from the PRNG `random` (values in [0, 1)). */
export function demoMember(index: number, random: () => number): DemoMember {
  const pick = seededPicker(random);
  const gender: Gender = pick.chance(0.55) ? "female" : "male";
  const sexuality: Sexuality =
    gender === "female" ? pick.weighted(["hetero", "bi", "lesbian"] as const, [82, 11, 7]) : pick.weighted(["hetero", "bi", "gay"] as const, [86, 6, 8]);
  const age = pick.chance(0.7) ? 22 + Math.floor(((random() + random()) / 2) * 24) : pick.int(18, 70);
  const country = pick.weighted(
    COUNTRY_LIST,
    COUNTRY_LIST.map((c) => COUNTRY_WEIGHTS[c]),
  );
  const { region, city, language } = demoLocation(country, random);
  const names = FIRST_NAMES[`${country}-${language}`] ?? FIRST_NAMES[country];
  const area = REGION_OF[country];

  let hairColor: HairColor;
  if (gender === "male" && pick.chance(age < 30 ? 0.03 : age < 45 ? 0.1 : age < 60 ? 0.2 : 0.3)) hairColor = "bald";
  else if (pick.chance(age < 40 ? 0.01 : age < 50 ? 0.08 : age < 60 ? 0.35 : 0.65)) hairColor = "grey";
  else hairColor = pick.weighted(NATURAL_HAIR, HAIR_WEIGHTS[area]);

  const older = age >= 40;
  return {
    email: `demo${index}@demo.invalid`,
    name: pick.pick(names[gender]),
    gender,
    sexuality,
    dateOfBirth: birthDate(age, pick),
    country,
    region,
    city,
    language,
    personalText: personalText(language, gender, pick, country === "CH"),
    interests: interests(pick),
    hairColor,
    eyeColor: pick.weighted(EYES, EYE_WEIGHTS[area]),
    bodyType: gender === "female" ? pick.weighted(BODY_TYPES, [25, 20, 30, 18, 2, 5]) : pick.weighted(BODY_TYPES, [18, 30, 30, 1, 14, 7]),
    relationshipStatus: pick.weighted(
      RELATIONSHIP_STATUSES,
      age < 25 ? [80, 0.5, 0, 1, 8, 1] : [62, age < 28 ? 1 : older ? 22 : 10, age > 55 ? 6 : 0.3, 5, 6, 5],
    ),
    tattoos: pick.weighted(TATTOOS, [age > 50 ? 70 : 45, 22, 22, age < 40 ? 10 : 4]),
    fictional: pick.chance(0.03),
    avatarSeed: index * 7919 + Math.floor(random() * 7919),
  };
}

/** A YYYY-MM-DD date of birth of someone who is `age` today. */
function birthDate(age: number, pick: SeededPicker): string {
  const today = new Date();
  const day = 86_400_000;
  const latest = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate());
  let date = new Date(latest - pick.int(0, 363) * day);
  // Guard the edges (leap days): step until the age is exact.
  while (ageOn(iso(date), today) > age) date = new Date(date.getTime() + day);
  while (ageOn(iso(date), today) < age) date = new Date(date.getTime() - day);
  return iso(date);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function line(text: TextLine, gender: Gender): string {
  return typeof text === "string" ? text : text[gender === "male" ? 0 : 1];
}

/** One to three sentences: about themselves, maybe a detail, and what they look for. */
function personalText(language: Language, gender: Gender, pick: SeededPicker, swiss: boolean): string {
  const t = PERSONAL_TEXTS[language];
  const count = pick.weighted([1, 2, 3] as const, [15, 45, 40]);
  const parts =
    count === 1
      ? [pick.chance(0.6) ? pick.pick(t.closers) : pick.pick(t.openers)]
      : count === 2
        ? [pick.pick(t.openers), pick.pick(t.closers)]
        : [pick.pick(t.openers), pick.pick(t.middles), pick.pick(t.closers)];
  const text = parts.map((p) => line(p, gender)).join(" ");
  // Swiss Standard German writes "ss" for "ß".
  return swiss && language === "de" ? text.replaceAll("ß", "ss") : text;
}

/** 2..6 distinct interests, popular ones more often. */
function interests(pick: SeededPicker): Interest[] {
  const count = pick.int(2, 6);
  const pool: Interest[] = [...INTERESTS];
  const chosen: Interest[] = [];
  while (chosen.length < count) {
    const choice = pick.weighted(
      pool,
      pool.map((i) => INTEREST_WEIGHTS[i]),
    );
    chosen.push(choice);
    pool.splice(pool.indexOf(choice), 1);
  }
  return chosen;
}
