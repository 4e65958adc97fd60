// Distances between members, as others may see them (issue 18): from the coordinates of their towns,
// in whole kilometres, and "under 1 km" below that, so that they never place anyone more precisely
// than their town.

/** Below this many kilometres a distance reads "< 1 km". */
export const DISTANCE_FLOOR_KM = 1;

/** The distance shown for `km`: whole kilometres, 0 standing for "under 1 km". */
export function shownDistanceKm(km: number): number {
  if (!Number.isFinite(km) || km < DISTANCE_FLOOR_KM) return 0;
  return Math.round(km);
}
