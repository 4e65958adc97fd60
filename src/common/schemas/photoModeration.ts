import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { PHOTO_MODERATION_MODES, PHOTO_REJECTION_REASONS } from "../photoModeration";

// Photo moderation (issue 16): the moderators' queue in the console, and what the member is told.

/** A photo's id in a path: a UUID; anything else names no photo. */
export const photoIdParamsSchema = z.object({ id: z.uuid({ error: "errors.not_found" }) }).strict();

export const photoRejectionSchema = z.object({ reason: z.enum(PHOTO_REJECTION_REASONS, { error: "errors.field_invalid" }) }).strict();
export type PhotoRejection = z.infer<typeof photoRejectionSchema>;

/** One photo of the member beside the one to decide. */
export const queuedOtherPhotoSchema = z.object({
  id: z.string(),
  /** The console's address of the photo file (operators do not have a member's session). */
  url: z.string(),
  status: z.enum(["approved", "pending", "rejected"]),
});

export const queuedPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string(),
  /** pending: nobody but its owner sees it yet (pre-moderation); approved: shown already (post-moderation). */
  status: z.enum(["approved", "pending"]),
  /** The rule of the member's site. */
  mode: z.enum(PHOTO_MODERATION_MODES),
  /** The nudity model flagged it at upload (or could not score it): it waits whatever the site's rule. */
  model_flagged: z.boolean(),
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    site: z.string(),
    gender: z.string().nullable(),
    age: z.number().int().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    personal_text: z.string().nullable(),
    signup_date: z.string(),
  }),
  other_photos: z.array(queuedOtherPhotoSchema),
});
export type QueuedPhoto = z.infer<typeof queuedPhotoSchema>;

export const photoQueueSchema = z.object({
  /** Photos waiting in all, of which `photos` are the oldest. */
  waiting: z.number().int(),
  photos: z.array(queuedPhotoSchema),
});
export type PhotoQueue = z.infer<typeof photoQueueSchema>;

/** GET /api/photo-notices.php: the member's photos in review, and rejections not yet acknowledged. */
export const photoNoticesSchema = z.object({
  pending: z.number().int(),
  rejected: z.array(z.object({ id: z.string(), reason: z.enum(PHOTO_REJECTION_REASONS), at: z.string() })),
});
export type PhotoNotices = z.infer<typeof photoNoticesSchema>;

export const photoNoticeSeenSchema = z.object({ id: z.uuid({ error: "errors.not_found" }) }).strict();

/** A member's notices of photos in review or rejected, the moderators' queue and their decisions. */
export const photoModerationCalls = {
  "GET /api/photo-notices.php": { response: { 200: photoNoticesSchema } },
  "POST /api/photo-notices.php": { body: photoNoticeSeenSchema, response: { 200: okSchema } },
  "GET /api/console/photos": { response: { 200: photoQueueSchema } },
  "POST /api/console/photos/:id/approve": { params: photoIdParamsSchema, response: { 200: okSchema } },
  "POST /api/console/photos/:id/reject": { params: photoIdParamsSchema, body: photoRejectionSchema, response: { 200: okSchema } },
} as const satisfies Calls;
