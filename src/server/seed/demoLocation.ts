import { City, type ICity, State } from "country-state-city";
import type { Country, Language } from "../../common/locales";
import { KNOWN_CITIES } from "./knownCities";
import { seededPicker } from "./seededPicker";

export interface DemoLocation {
  /** State isoCode (country-state-city). */
  region: string;
  city: string;
  language: Language;
}

interface CountryCities {
  /** Every city whose state exists in the country's state list. */
  all: readonly ICity[];
  /** Known bigger cities, biggest first. */
  known: readonly ICity[];
}

const cache = new Map<Country, CountryCities>();

/** The (cached) cities of a country; country-state-city lookups are slow on its big tables. */
function citiesOf(country: Country): CountryCities {
  let entry = cache.get(country);
  if (!entry) {
    const states = new Set(State.getStatesOfCountry(country).map((s) => s.isoCode));
    const all = City.getCitiesOfCountry(country)?.filter((c) => states.has(c.stateCode)) ?? [];
    const byKey = new Map(all.map((c) => [`${c.name}|${c.stateCode}`, c]));
    const known = KNOWN_CITIES[country].flatMap(([name, state]) => byKey.get(`${name}|${state}`) ?? []);
    entry = { all, known };
    cache.set(country, entry);
  }
  return entry;
}

const FRENCH_CANTONS = new Set(["GE", "VD", "NE", "JU"]);

/** The language spoken by a member living in `region` of `country` (for bilingual countries it depends on the region). */
function languageOf(country: Country, region: string, random: () => number): Language {
  switch (country) {
    case "US":
    case "IE":
    case "GB":
    case "AU":
    case "NZ":
      return "en";
    case "NL":
      return "nl";
    case "FR":
      return "fr";
    case "IT":
      return "it";
    case "ES":
      return "es";
    case "DE":
    case "AT":
      return "de";
    case "PL":
      return "pl";
    case "DK":
      return "da";
    case "FI":
      return "fi";
    case "NO":
      return "nb";
    case "SE":
      return "sv";
    case "BE":
      if (region === "WAL") return "fr";
      if (region === "BRU") return random() < 0.8 ? "fr" : "nl";
      return "nl";
    case "CA":
      if (region === "QC") return random() < 0.85 ? "fr" : "en";
      if (region === "NB") return random() < 0.3 ? "fr" : "en";
      return "en";
    case "CH":
      if (FRENCH_CANTONS.has(region)) return "fr";
      if (region === "TI") return "it";
      if (region === "FR") return random() < 0.7 ? "fr" : "de";
      if (region === "VS") return random() < 0.65 ? "fr" : "de";
      if (region === "BE") return random() < 0.1 ? "fr" : "de";
      return "de";
  }
}

/** A city (mostly a well-known, bigger one), its region and the language spoken there. */
export function demoLocation(country: Country, random: () => number): DemoLocation {
  const pick = seededPicker(random);
  const { all, known } = citiesOf(country);
  const city =
    known.length > 0 && pick.chance(0.75)
      ? pick.weighted(
          known,
          known.map((_, i) => 1 / (i + 2)),
        )
      : pick.pick(all);
  return { region: city.stateCode, city: city.name, language: languageOf(country, city.stateCode, random) };
}
