import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type OwnProfileResponse, ownProfileResponseSchema, profileUpdateSchema } from "../../../common/schemas/members";
import type { Db } from "../../db/client";
import { photos, profiles } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import { regionsOf } from "../../geo/regions";
import { type MemberRecord, findMemberByUserId } from "../auth/auth.repo";
import { profileDto } from "../members/profileDto";
import { maxPhotos, ownPhotoDto } from "../photos/photos.service";
import { ownPhotos } from "../photos/photos.repo";

async function ownProfile(db: Db, userId: number): Promise<OwnProfileResponse> {
  const record = await findMemberByUserId(db, userId);
  if (!record) throw unauthorized();
  const rows = await ownPhotos(db, userId);
  return {
    profile: profileDto(record.profile, record.mainPhoto),
    photos: rows.map((p) => ownPhotoDto(p, record.profile.mainPhotoId)),
    invisible: record.profile.invisible,
    max_photos: maxPhotos(record.user.paidUser),
  };
}

/** The member's own profile: every field of spec section 3, the main photo and invisible mode. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; onChanged: (userId: number) => Promise<void> }> = async (app, { db, onChanged }) => {
  const member = (m: MemberRecord | null) => {
    if (!m) throw unauthorized();
    return m;
  };

  app.get(
    "/api/profile.php",
    { schema: { tags: ["profile"], summary: "Own profile, photos and invisible mode", response: { 200: ownProfileResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ownProfile(db, member(request.member).user.id);
    },
  );

  app.put(
    "/api/profile.php",
    { schema: { tags: ["profile"], summary: "Change any of the own profile's fields", body: profileUpdateSchema, response: { 200: ownProfileResponseSchema } } },
    async (request) => {
      const me = member(request.member);
      const b = request.body;
      const country = b.country === undefined ? me.profile.country : b.country;
      if (b.country !== undefined && b.country !== null && !request.site.settings.countries.includes(b.country)) {
        throw new AppError(400, "field_invalid", undefined, "country");
      }
      const region = b.region === undefined ? (b.country !== undefined ? null : me.profile.region) : b.region;
      if (region && (!country || !regionsOf(country).some((r) => r.code === region))) {
        throw new AppError(400, "field_invalid", undefined, "region");
      }
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
          mainPhotoId: b.main_image_id,
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, me.profile.id));
      await onChanged(me.user.id);
      return ownProfile(db, me.user.id);
    },
  );
};
