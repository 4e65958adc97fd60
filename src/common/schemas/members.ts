import { z } from "zod";
import { singleLine } from "./text";
import { withoutControlCharacters } from "../plainText";
import { idSchema, INT4_MAX } from "./ids";
import { CITY_MAX_LENGTH, MAX_AGE, MAX_INTERESTS, MIN_AGE, PERSONAL_TEXT_MAX_LENGTH } from "../constants";
import { INTERESTS } from "../interests";
import { ACTIVITIES } from "../activity";
import { SEARCH_SORTS } from "../searchDefaults";
import { BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from "../profileOptions";
import { dateOfBirthSchema, nameSchema } from "./auth";
import { memberCardSchema, profileSchema } from "./user";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";

// Members and discovery: own profile, photos, search, profile view, likes, blocking, swipe game.

const id = idSchema;
const country = z.string().regex(/^[A-Z]{2}$/, { error: "errors.field_invalid" });

/** An own photo, with its moderation status. */
export const ownPhotoSchema = z.object({
  id: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  match: z.string(),
  status: z.enum(["approved", "pending", "rejected"]),
  is_main: z.boolean(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

/** Another member's photo as a viewer may see it: a locked one has only its blurred copy. */
export const viewerPhotoSchema = z.object({
  id: z.string(),
  locked: z.boolean(),
  /** The photo, or its blurred copy when locked. */
  url: z.string(),
  thumb: z.string(),
});
export type ViewerPhoto = z.infer<typeof viewerPhotoSchema>;

export const ownProfileResponseSchema = z.object({
  profile: profileSchema,
  photos: z.array(ownPhotoSchema),
  invisible: z.boolean(),
  /** Others may see whether the member is online now or was active lately. */
  show_activity: z.boolean(),
  /** How many photos this member may have (3 free, 25 premium). */
  max_photos: z.number().int(),
});
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

/** Free text: it keeps its line breaks and loses other control characters. */
const optionalText = (max: number) => z.string().overwrite(withoutControlCharacters).trim().max(max, { error: "errors.field_invalid" }).nullable().optional();
/** One line: control characters are refused. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "errors.field_invalid" })
    .refine(...singleLine)
    .nullable()
    .optional();

export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    gender: z.enum(GENDERS).optional(),
    sexuality: z.enum(SEXUALITIES).nullable().optional(),
    date_of_birth: dateOfBirthSchema.optional(),
    country: country.nullable().optional(),
    region: optionalLine(10),
    city: optionalLine(CITY_MAX_LENGTH),
    personal_text: optionalText(PERSONAL_TEXT_MAX_LENGTH),
    interests: z.array(z.enum(INTERESTS)).max(MAX_INTERESTS).optional(),
    hair_color: z.enum(HAIR_COLORS).nullable().optional(),
    eye_color: z.enum(EYE_COLORS).nullable().optional(),
    body_type: z.enum(BODY_TYPES).nullable().optional(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
    tattoos: z.enum(TATTOOS).nullable().optional(),
    invisible: z.boolean().optional(),
    show_activity: z.boolean().optional(),
    main_image_id: z.string().uuid().optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const photoResponseSchema = z.object({ photo: ownPhotoSchema });
export const photoIdQuerySchema = z.object({ id: z.string().uuid({ error: "errors.not_found" }) }).strict();

/** The filters of a search (spec section 3), as the query string and the answer write them. */
const searchFilterShape = {
  gender: z.enum(GENDERS).optional(),
  country: country.optional(),
  countryregion: z.string().max(10).optional(),
  min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  /** "1": verified members only (photo verification). */
  verified: z.literal("1").optional(),
};

/**
 * GET /api/members.php: search. `cursor` continues after the last result of the previous page.
 * `sort=distance` lists the nearest first (for a member with a place; otherwise newest first).
 * `defaults=1` starts from the viewer's own settings (common/searchDefaults.ts): every filter not
 * given is taken from them; the answer's `filters` tells what was searched.
 */
export const searchQuerySchema = z
  .object({
    ...searchFilterShape,
    interests: z
      .string()
      .max(300)
      .transform((value) => value.split(",").filter(Boolean))
      .pipe(z.array(z.enum(INTERESTS)).max(MAX_INTERESTS))
      .optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
    defaults: z.literal("1").optional(),
    /** Where the previous page ended: the last member's id, after their distance in km when nearest first ("12:4711"). */
    cursor: z
      .string()
      .regex(/^(\d{1,5}:)?\d{1,10}$/)
      .refine((cursor) => Number(cursor.split(":").at(-1)) <= INT4_MAX)
      .optional(),
  })
  .strict();
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The filters a search used, and its order. */
export const searchFiltersSchema = z.object({
  ...searchFilterShape,
  interests: z.array(z.enum(INTERESTS)).optional(),
  sort: z.enum(SEARCH_SORTS),
});
export type AppliedSearchFilters = z.infer<typeof searchFiltersSchema>;

export const searchResponseSchema = z.object({
  profiles: z.array(memberCardSchema),
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Members close to the filters (wider age range, whole country), when few match exactly. */
  similar: z.array(memberCardSchema),
  /** What was searched: the filters given, or with `defaults=1` the viewer's own. */
  filters: searchFiltersSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const memberQuerySchema = z.object({ id }).strict();

/** GET /api/member.php?id=: another member's profile as this viewer may see it. */
export const memberViewSchema = z.object({
  profile: profileSchema.omit({ date_of_birth: true }),
  photos: z.array(viewerPhotoSchema),
  /** The viewer likes this member. */
  liked: z.boolean(),
  /** This member likes the viewer. */
  liked_by: z.boolean(),
  match: z.boolean(),
  /** The viewer has blocked this member. */
  blocked: z.boolean(),
  related: z.array(memberCardSchema),
  /** As on the member's card: kilometres from the viewer (0 for under 1 km), or null. */
  distance_km: z.number().int().nullable(),
  /** As on the member's card: online now, active today or this week, or null. */
  activity: z.enum(ACTIVITIES).nullable(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const targetSchema = z.object({ id }).strict();

export const likeResponseSchema = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** GET /api/likes.php. */
export const likesResponseSchema = z.object({
  /** Every member named below, as a card. */
  profiles: z.array(memberCardSchema),
  /** Members who like the viewer, new ones first. */
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean(), created_at: z.string() })),
  /** Members the viewer likes. */
  likes: z.array(z.object({ id: z.number().int(), created_at: z.string() })),
  /** Members who like each other with the viewer. */
  matches: z.array(z.object({ id: z.number().int(), created_at: z.string() })),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;

export const blockResponseSchema = z.object({ blocked: z.boolean() });

export const blocksResponseSchema = z.object({ profiles: z.array(memberCardSchema) });

/** GET /api/auto-like.php: a member who (now) likes the viewer, or null. */
export const autoLikeResponseSchema = z.object({
  profile: z.object({ id: z.number().int(), name: z.string(), main_image: profileSchema.shape.main_image }).nullable(),
});
export type AutoLikeResponse = z.infer<typeof autoLikeResponseSchema>;

/** GET /api/swipe.php: the next cards of the swipe game and the likes left today. */
export const swipeDeckSchema = z.object({ profiles: z.array(memberCardSchema), likes_left: z.number().int() });
export type SwipeDeck = z.infer<typeof swipeDeckSchema>;

export const swipeRequestSchema = z.object({ id, action: z.enum(["like", "pass"]) }).strict();
export const swipeResponseSchema = z.object({ likes_left: z.number().int(), match: z.boolean() });
export type SwipeResponse = z.infer<typeof swipeResponseSchema>;

/** The calls of members, likes, blocks, the swipe game and the own profile (shared by the routes and the web client). */
export const membersCalls = {
  "GET /api/members.php": { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
  "GET /api/member.php": { querystring: memberQuerySchema, response: { 200: memberViewSchema } },
  "POST /api/like.php": { body: targetSchema, response: { 200: likeResponseSchema } },
  "DELETE /api/like.php": { querystring: targetSchema, response: { 200: likeResponseSchema } },
  "GET /api/likes.php": { response: { 200: likesResponseSchema } },
  "GET /api/auto-like.php": { response: { 200: autoLikeResponseSchema } },
  "POST /api/block.php": { body: targetSchema, response: { 200: blockResponseSchema } },
  "DELETE /api/block.php": { querystring: targetSchema, response: { 200: blockResponseSchema } },
  "GET /api/blocks.php": { response: { 200: blocksResponseSchema } },
  "GET /api/swipe.php": { response: { 200: swipeDeckSchema } },
  "POST /api/swipe.php": { body: swipeRequestSchema, response: { 200: swipeResponseSchema } },
  "GET /api/profile.php": { response: { 200: ownProfileResponseSchema } },
  "PUT /api/profile.php": { body: profileUpdateSchema, response: { 200: ownProfileResponseSchema } },
  "DELETE /api/photos.php": { querystring: photoIdQuerySchema, response: { 200: okSchema } },
} as const satisfies Calls;
