import { and, eq } from "drizzle-orm";
import type { OwnProfileResponse, ProfileUpdate } from "../../../common/schemas/members";
import type { Db } from "../../db/client";
import { photos, profiles } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import { placeOf } from "../../geo/places";
import { regionsOf } from "../../geo/regions";
import { findMemberByUserId, type MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";
import { profileDto } from "../members/profileDto";
import { ownPhotos } from "../photos/photos.repo";
import { maxPhotos, ownPhotoDto } from "../photos/photos.service";

/** The member's own profile: every field of spec section 3, the main photo and invisible mode. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly onChanged: (userId: number) => Promise<void>,
  ) {}

  async get(userId: number): Promise<OwnProfileResponse> {
    const record = await findMemberByUserId(this.db, userId);
    if (!record) throw unauthorized();
    const rows = await ownPhotos(this.db, userId);
    return {
      profile: profileDto(record.profile, record.mainPhoto),
      photos: rows.map((p) => ownPhotoDto(p, record.profile.mainPhotoId)),
      invisible: record.profile.invisible,
      show_activity: record.profile.showActivity,
      max_photos: maxPhotos(record.user.paidUser),
    };
  }

  /** Changes the given fields; the region must belong to the country, the main photo must be an own approved one. */
  async update(me: MemberRecord, site: SiteRow, b: ProfileUpdate): Promise<OwnProfileResponse> {
    const db = this.db;
    const country = b.country === undefined ? me.profile.country : b.country;
    if (b.country !== undefined && b.country !== null && !site.settings.countries.includes(b.country)) {
      throw new AppError(400, "field_invalid", undefined, "country");
    }
    const region = b.region === undefined ? (b.country !== undefined ? null : me.profile.region) : b.region;
    if (region && (!country || !regionsOf(country).some((r) => r.code === region))) {
      throw new AppError(400, "field_invalid", undefined, "region");
    }
    const city = b.city === undefined ? me.profile.city : b.city;
    // A new town, region or country moves the member's place (their town's point, geo/places.ts).
    const moved = b.country !== undefined || b.region !== undefined || b.city !== undefined;
    const place = moved ? placeOf(country, region, city) : undefined;
    if (b.main_image_id) {
      const [own] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, b.main_image_id), eq(photos.profileId, me.profile.id), eq(photos.status, "approved")));
      if (!own) throw new AppError(404, "not_found");
    }
    await db
      .update(profiles)
      .set({
        name: b.name,
        gender: b.gender,
        sexuality: b.sexuality,
        dateOfBirth: b.date_of_birth,
        country: b.country,
        region,
        city: b.city,
        personalText: b.personal_text,
        interests: b.interests,
        hairColor: b.hair_color,
        eyeColor: b.eye_color,
        bodyType: b.body_type,
        relationshipStatus: b.relationship_status,
        tattoos: b.tattoos,
        invisible: b.invisible,
        showActivity: b.show_activity,
        latitude: place === undefined ? undefined : (place?.latitude ?? null),
        longitude: place === undefined ? undefined : (place?.longitude ?? null),
        mainPhotoId: b.main_image_id,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, me.profile.id));
    await this.onChanged(me.user.id);
    return this.get(me.user.id);
  }
}
