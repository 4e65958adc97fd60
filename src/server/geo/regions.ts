import { City, State } from "country-state-city";
import type { Language } from "../../common/locales";
import regionNames from "./regionNames.json";

export interface Region {
  code: string;
  name: string;
}

/** Names of a region: `local` as people there write it (ISO 3166-2), and per language where that language has its own (scripts/regionNames.ts). */
type RegionNames = Partial<Record<Language | "local", string>>;
const NAMES = regionNames as Record<string, Record<string, RegionNames>>;

const codesCache = new Map<string, Array<{ code: string; dataSetName: string }>>();
const cache = new Map<string, Region[]>();

/**
 * The regions (provinces, states...) of a country from the maintained country-state-city data set.
 * Only subdivisions that hold cities are kept: that drops overseas islands and, where the data set
 * lists two levels (France's regions and departments, Italy's regions and provinces), the level
 * that members do not pick from.
 */
function regionCodesOf(country: string): Array<{ code: string; dataSetName: string }> {
  let codes = codesCache.get(country);
  if (!codes) {
    const used = new Set(City.getCitiesOfCountry(country)?.map((c) => c.stateCode) ?? []);
    codes = State.getStatesOfCountry(country)
      .filter((s) => used.has(s.isoCode))
      .map((s) => ({ code: s.isoCode, dataSetName: s.name }));
    codesCache.set(country, codes);
  }
  return codes;
}

/**
 * A region's name in `language` where that language has one of its own ("Genf" in German), else as
 * people there write it ("Noord-Holland", "Bayern"); the data set's (English) name only for the few
 * regions ISO 3166-2 no longer lists.
 */
function nameOf(country: string, code: string, dataSetName: string, language: Language | undefined): string {
  const names = NAMES[country]?.[code];
  return (language && names?.[language]) || names?.local || dataSetName;
}

/**
 * The regions of a country that members pick from, named for a page in `language` (as people there
 * write them without one), in that language's alphabetical order.
 */
export function regionsOf(country: string, language?: Language): Region[] {
  const key = `${country}|${language ?? ""}`;
  let regions = cache.get(key);
  if (!regions) {
    const collator = new Intl.Collator(language ?? "en");
    regions = regionCodesOf(country)
      .map((r) => ({ code: r.code, name: nameOf(country, r.code, r.dataSetName, language) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(key, regions);
  }
  return regions;
}

export function regionName(country: string, code: string, language?: Language): string | null {
  return regionsOf(country, language).find((r) => r.code === code)?.name ?? null;
}
