import { type Activity, activityOf } from "../../../common/activity";
import { ageOn } from "../../../common/dates";
import { shownDistanceKm } from "../../../common/distance";
import { type Coordinates, distanceKm } from "../../geo/places";
import type { MainImage, MemberCard, Profile, User } from "../../../common/schemas/user";
import type { MainPhoto, MemberUser, ProfileRow } from "../auth/auth.repo";
import type { CardProfile } from "./members.repo";

/** Public paths of a photo's variants; the ids are random, so they cannot be guessed. */
export function mainImageDto(photo: MainPhoto | null): MainImage | null {
  if (!photo) return null;
  return {
    id: photo.id,
    filename: `/photos/${photo.filename}`,
    thumb_filename: `/photos/${photo.thumbFilename}`,
    status: photo.status,
    match: `/photos/${photo.matchFilename}`,
  };
}

export function profileDto(profile: ProfileRow, mainPhoto: MainPhoto | null): Profile {
  return {
    id: profile.id,
    name: profile.name,
    status: profile.status,
    main_image: mainImageDto(mainPhoto),
    country: profile.country,
    region: profile.region,
    city: profile.city,
    gender: profile.gender,
    sexuality: profile.sexuality,
    date_of_birth: profile.dateOfBirth,
    age: profile.dateOfBirth ? ageOn(profile.dateOfBirth) : null,
    personal_text: profile.personalText,
    interests: profile.interests,
    hair_color: profile.hairColor,
    eye_color: profile.eyeColor,
    body_type: profile.bodyType,
    relationship_status: profile.relationshipStatus,
    tattoos: profile.tattoos,
    fictional: profile.fictional,
    verified: profile.verifiedAt !== null,
  };
}

/** How recently the member was active, as others may be told it: never for invisible members and those who turned it off. */
export function shownActivity(profile: Pick<CardProfile, "invisible" | "showActivity" | "lastActiveAt">, now = new Date()): Activity | null {
  if (profile.invisible || !profile.showActivity) return null;
  return activityOf(profile.lastActiveAt, now);
}

/** The distance shown between the viewer's place and the member's (common/distance.ts), or null when either is unknown. */
export function shownDistance(from: Coordinates | null | undefined, profile: Pick<CardProfile, "latitude" | "longitude">): number | null {
  if (!from || profile.latitude === null || profile.longitude === null) return null;
  return shownDistanceKm(distanceKm(from, { latitude: profile.latitude, longitude: profile.longitude }));
}

/**
 * A member's card as `from` (the viewer's place, null for a visitor or a viewer without one) sees
 * it. `queriedKm` is the distance a nearest-first query worked out for the order, used as is so the
 * numbers shown follow the order. `now`: the time the activity is told for.
 */
export function memberCardDto(
  profile: CardProfile,
  mainPhoto: MainPhoto | null,
  from: Coordinates | null = null,
  queriedKm?: number | null,
  now = new Date(),
): MemberCard {
  const distance = queriedKm !== undefined ? queriedKm : shownDistance(from, profile);
  return {
    id: profile.id,
    name: profile.name,
    age: profile.dateOfBirth ? ageOn(profile.dateOfBirth) : null,
    gender: profile.gender,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    main_image: mainImageDto(mainPhoto),
    fictional: profile.fictional,
    verified: profile.verifiedAt !== null,
    distance_km: distance,
    activity: shownActivity(profile, now),
  };
}

export function userDto(record: { user: MemberUser; profile: ProfileRow; mainPhoto: MainPhoto | null }): User {
  const { user } = record;
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: user.language as User["language"],
    notifications_disabled: user.notificationsDisabled,
    signup_step: user.signupStep,
    profile: profileDto(record.profile, record.mainPhoto),
  };
}
