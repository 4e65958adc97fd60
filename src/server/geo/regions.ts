import { City, State } from "country-state-city";

export interface Region {
  code: string;
  name: string;
}

const cache = new Map<string, Region[]>();

/**
 * The regions (provinces, states...) of a country from the maintained country-state-city data set.
 * Only subdivisions that hold cities are kept: that drops overseas islands and, where the data set
 * lists two levels (France's regions and departments, Italy's regions and provinces), the level
 * that members do not pick from.
 */
export function regionsOf(country: string): Region[] {
  let regions = cache.get(country);
  if (!regions) {
    const used = new Set(City.getCitiesOfCountry(country)?.map((c) => c.stateCode) ?? []);
    regions = State.getStatesOfCountry(country)
      .filter((s) => used.has(s.isoCode))
      .map((s) => ({ code: s.isoCode, name: s.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    cache.set(country, regions);
  }
  return regions;
}

export function regionName(country: string, code: string): string | null {
  return regionsOf(country).find((r) => r.code === code)?.name ?? null;
}
