import { City } from "country-state-city";
import type { GeocodeResult } from "../../common/schemas/settings";
import type { Language } from "../../common/locales";
import { regionName } from "./regions";

interface Place {
  lat: number;
  lon: number;
  country: string;
  region: string;
  city: string;
}

// Administrative units the data set lists beside the towns themselves ("Gemeente Amsterdam" next to
// "Amsterdam"); a member expects the town.
const ADMINISTRATIVE =
  /^(gemeente|municipality|landkreis|kreis|regierungsbezirk|powiat|gmina|arrondissement|district|provincia|province|canton|bezirk)\b|\b(municipality|kommune|kommun|kunta|landkreis|district)$/i;

// The cities of country-state-city, bucketed into 1-degree cells; built on the first look-up.
let grid: Map<string, Place[]> | null = null;
const cellKey = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

function buildGrid(): Map<string, Place[]> {
  const cells = new Map<string, Place[]>();
  for (const c of City.getAllCities()) {
    const lat = Number(c.latitude);
    const lon = Number(c.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || ADMINISTRATIVE.test(c.name)) continue;
    const key = cellKey(lat, lon);
    const list = cells.get(key) ?? [];
    list.push({ lat, lon, country: c.countryCode, region: c.stateCode, city: c.name });
    cells.set(key, list);
  }
  return cells;
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** Furthest a nearest town may be before we say we do not know the place (open sea, desert). */
const MAX_DISTANCE_KM = 75;

/** Country, region and city nearest to a point, offline; the region named for a page in `language`. */
export function reverseGeocode(lat: number, lon: number, language?: Language): GeocodeResult {
  grid ??= buildGrid();
  let best: Place | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      for (const place of grid.get(cellKey(lat + dy, lon + dx)) ?? []) {
        const km = distanceKm({ lat, lon }, place);
        if (km < bestKm) {
          best = place;
          bestKm = km;
        }
      }
    }
  }
  if (!best || bestKm > MAX_DISTANCE_KM) return { country: null, region: null, region_name: null, city: null };
  return {
    country: best.country,
    region: best.region,
    region_name: regionName(best.country, best.region, language),
    city: best.city,
  };
}
