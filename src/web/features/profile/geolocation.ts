import type { GeocodeResult } from "../../../common/schemas/settings";

/** The browser's geolocation permission (spec section 4): unsupported, unknown, or its permission state. */
export type GeoPermission = "unsupported" | "unknown" | "prompt" | "granted" | "denied";

export interface LocationButtonState {
  /** The "Use my location" button can be pressed. */
  enabled: boolean;
  /** Which hint to show under it (an i18n key suffix), if any. */
  hint: "unsupported" | "denied" | "prompt" | null;
}

/** What the location button offers in each permission state. */
export function locationButtonState(permission: GeoPermission, busy: boolean): LocationButtonState {
  switch (permission) {
    case "unsupported":
      return { enabled: false, hint: "unsupported" };
    case "denied":
      return { enabled: false, hint: "denied" };
    case "prompt":
    case "unknown":
      return { enabled: !busy, hint: "prompt" };
    default:
      return { enabled: !busy, hint: null };
  }
}

export type GeocodeOutcome = { ok: true; country: string; region: string; city: string } | { ok: false; reason: "outside" | "unknown" };

/**
 * The form values a reverse-geocode result fills in. A country the site is not sold in cannot be
 * chosen; a region is kept only when the country's region list has it.
 */
export function geocodeToLocation(
  result: GeocodeResult,
  countries: readonly string[],
  regionsOf: (country: string) => ReadonlyArray<{ code: string }>,
): GeocodeOutcome {
  if (!result.country) return { ok: false, reason: "unknown" };
  if (!countries.includes(result.country)) return { ok: false, reason: "outside" };
  const region = result.region && regionsOf(result.country).some((r) => r.code === result.region) ? result.region : "";
  return { ok: true, country: result.country, region, city: result.city ?? "" };
}
