import { ageOn } from "../../../common/dates";
import type { OwnSearchFacts } from "../../../common/searchDefaults";
import type { Coordinates } from "../../geo/places";
import type { ProfileRow } from "../auth/auth.repo";

/** A member's place as stored with their profile, or null when it is not known. */
export function placeOfProfile(profile: Pick<ProfileRow, "latitude" | "longitude">): Coordinates | null {
  return profile.latitude === null || profile.longitude === null ? null : { latitude: profile.latitude, longitude: profile.longitude };
}

/** What a member's own search starts from (common/searchDefaults.ts), read from their profile. */
export function ownSearchFacts(profile: ProfileRow): OwnSearchFacts {
  return {
    gender: profile.gender,
    sexuality: profile.sexuality,
    age: profile.dateOfBirth ? ageOn(profile.dateOfBirth) : null,
    country: profile.country,
    region: profile.region,
    hasPlace: placeOfProfile(profile) !== null,
  };
}
