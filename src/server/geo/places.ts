import { City, Country, State } from "country-state-city";

/** A member's place as coordinates (degrees). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The country's towns by their plain name (see plainName), built on first use. */
const townsByCountry = new Map<string, Map<string, Array<{ region: string; at: Coordinates }>>>();

/**
 * A town's name without what makes it finer than the town, lower case and without accents:
 * "Zürich (Kreis 1) / City" and "zurich" are both "zurich".
 */
export function plainName(name: string): string {
  return name
    .replace(/\s*\(.*$/, "")
    .replace(/\s+\/.*$/, "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[\s'’-]+/g, " ")
    .trim();
}

// Two decimals (about a kilometre): never finer than the data set's own point for a town.
const coarse = (value: number) => Math.round(value * 100) / 100;

function coordinates(latitude: string | undefined | null, longitude: string | undefined | null): Coordinates | null {
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (latitude == null || longitude == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { latitude: coarse(lat), longitude: coarse(lon) };
}

function townsOf(country: string) {
  let towns = townsByCountry.get(country);
  if (!towns) {
    towns = new Map();
    for (const c of City.getCitiesOfCountry(country) ?? []) {
      const at = coordinates(c.latitude, c.longitude);
      // A quarter ("Zürich (Kreis 1)") is not a town of its own: the town's own entry stands for it.
      if (!at || c.name.includes("(") || c.name.includes(" / ")) continue;
      const key = plainName(c.name);
      const list = towns.get(key) ?? [];
      list.push({ region: c.stateCode, at });
      towns.set(key, list);
    }
    townsByCountry.set(country, towns);
  }
  return towns;
}

/**
 * The coordinates that stand for a member's place: their town (in their region when the name is
 * found in several), else their region, else their country; null without a known country. Never
 * finer than a town's point in the packaged cities data, rounded to two decimals.
 */
export function placeOf(country: string | null | undefined, region: string | null | undefined, city: string | null | undefined): Coordinates | null {
  if (!country) return null;
  const name = city ? plainName(city) : "";
  if (name) {
    const matches = townsOf(country).get(name) ?? [];
    const town = matches.find((m) => m.region === region) ?? matches[0];
    if (town) return town.at;
  }
  if (region) {
    const state = State.getStateByCodeAndCountry(region, country);
    const at = state && coordinates(state.latitude, state.longitude);
    if (at) return at;
  }
  const whole = Country.getCountryByCode(country);
  return whole ? coordinates(whole.latitude, whole.longitude) : null;
}

/** Great-circle distance in kilometres (the same formula as the search's SQL, members.repo.ts). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}
