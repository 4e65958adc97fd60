// Writes src/server/geo/regionNames.json: the names of the regions members pick from (geo/regions.ts),
// as people there write them (ISO 3166-2, the standard's own names in the local language) and in
// each of our languages, from Debian's iso-codes package (maintained by Debian's pkg-isocodes team,
// translated by its translators; LGPL-2.1-or-later). Run it again when iso-codes is updated:
//
//   apt-get install iso-codes && npx tsx scripts/regionNames.ts
//
// Unicode CLDR's subdivision names (the cldr-subdivisions-full package) would be the first choice,
// but CLDR 48 translates subdivisions into English only (the other languages list three British
// nations), and Intl.DisplayNames does not cover subdivisions at all.
import { readFileSync, writeFileSync } from "node:fs";
import { COUNTRIES, LANGUAGES } from "../src/common/locales";
import { regionsOf } from "../src/server/geo/regions";
// (The codes are what matter here; the names of regionsOf are those of the file being written.)

const ISO_CODES = process.env.ISO_CODES_DIR ?? "/usr/share/iso-codes/json";
const LOCALE_DIR = process.env.LOCALE_DIR ?? "/usr/share/locale";
/** Where Debian keeps each language's translation (Norwegian Bokmål under its country). */
const LOCALE_FOLDERS: Record<string, string> = { nb: "nb_NO" };

/**
 * The data set's region codes that ISO 3166-2 writes otherwise: Poland's voivodeships have had
 * numbers since 2018, and Finland's Lapland is 10. (Norway's counties in the data set are those of
 * before 2020, which ISO no longer lists: their names there are already Norwegian.)
 */
const ISO_CODE_OF: Record<string, string> = {
  "PL-DS": "PL-02",
  "PL-KP": "PL-04",
  "PL-LU": "PL-06",
  "PL-LB": "PL-08",
  "PL-LD": "PL-10",
  "PL-MA": "PL-12",
  "PL-MZ": "PL-14",
  "PL-OP": "PL-16",
  "PL-PK": "PL-18",
  "PL-PD": "PL-20",
  "PL-PM": "PL-22",
  "PL-SL": "PL-24",
  "PL-SK": "PL-26",
  "PL-WN": "PL-28",
  "PL-WP": "PL-30",
  "PL-ZP": "PL-32",
  "FI-LL": "FI-10",
};

/** A gettext catalogue (.mo) as a map from original to translation. */
function readMo(path: string): Map<string, string> {
  const buffer = readFileSync(path);
  const little = buffer.readUInt32LE(0) === 0x950412de;
  const u32 = (offset: number) => (little ? buffer.readUInt32LE(offset) : buffer.readUInt32BE(offset));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, i: number) => buffer.toString("utf8", u32(table + i * 8 + 4), u32(table + i * 8 + 4) + u32(table + i * 8));
  const map = new Map<string, string>();
  for (let i = 0; i < count; i++) map.set(text(originals, i), text(translations, i));
  return map;
}

/** ISO's list form made readable: "Stockholms län [SE-01]" is "Stockholms län", "Madrid, Comunidad de" is "Comunidad de Madrid". */
export function readable(name: string): string {
  const plain = name.replace(/\s*\[[^\]]*\]\s*$/, "").trim();
  const inverted = /^([^,]+), ([^,]+)$/.exec(plain);
  return inverted ? `${inverted[2]} ${inverted[1]}` : plain;
}

const iso = new Map(
  (JSON.parse(readFileSync(`${ISO_CODES}/iso_3166-2.json`, "utf8"))["3166-2"] as Array<{ code: string; name: string }>).map((s) => [s.code, s.name]),
);
const catalogues = new Map(LANGUAGES.map((language) => [language, readMo(`${LOCALE_DIR}/${LOCALE_FOLDERS[language] ?? language}/LC_MESSAGES/iso_3166-2.mo`)]));

const out: Record<string, Record<string, Record<string, string>>> = {};
let missing = 0;
for (const country of COUNTRIES) {
  out[country] = {};
  for (const region of regionsOf(country)) {
    const key = `${country}-${region.code}`;
    const local = iso.get(ISO_CODE_OF[key] ?? key);
    if (!local) {
      missing++;
      continue;
    }
    const names: Record<string, string> = { local: readable(local) };
    for (const [language, catalogue] of catalogues) {
      const translated = catalogue.get(local);
      if (translated && readable(translated) !== names.local) names[language] = readable(translated);
    }
    out[country][region.code] = names;
  }
}
writeFileSync(new URL("../src/server/geo/regionNames.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(`region names written; ${missing} regions without an ISO 3166-2 entry keep the data set's own name`);
