import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { idParamsSchema } from "./ids";
import { POSE_IDS, VERIFICATION_REJECTION_REASONS, VERIFICATION_STATES } from "../verification";

// Photo verification (issue 16): the member's request and state, and the moderators' queue.

/** GET /api/verification.php: where the member stands, and what they may do. */
export const verificationStatusSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  /** The pose asked for while started or pending (and of the rejected request). */
  pose: z.enum(POSE_IDS).nullable(),
  /** Why the last request was rejected (state rejected). */
  reason: z.enum(VERIFICATION_REJECTION_REASONS).nullable(),
  /** The member has an approved profile photo to compare with: without one a request is refused. */
  has_approved_photo: z.boolean(),
  verified_at: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationRejectionSchema = z.object({ reason: z.enum(VERIFICATION_REJECTION_REASONS, { error: "errors.field_invalid" }) }).strict();

export const queuedVerificationSchema = z.object({
  id: z.number().int(),
  pose: z.enum(POSE_IDS),
  /** The console's address of the selfie (operators only). */
  selfie_url: z.string(),
  submitted_at: z.string(),
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    site: z.string(),
    gender: z.string().nullable(),
    age: z.number().int().nullable(),
  }),
  /** The member's approved profile photos, to compare with (console addresses). */
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
});
export type QueuedVerification = z.infer<typeof queuedVerificationSchema>;

export const verificationQueueSchema = z.object({
  waiting: z.number().int(),
  requests: z.array(queuedVerificationSchema),
});
export type VerificationQueue = z.infer<typeof verificationQueueSchema>;

const emptyBody = z.object({}).strict().optional();

/** The member's calls (the selfie upload is multipart: sent with postImage()), the moderators' queue and their decisions. */
export const verificationCalls = {
  "GET /api/verification.php": { response: { 200: verificationStatusSchema } },
  "POST /api/verification.php": { body: emptyBody, response: { 200: verificationStatusSchema } },
  "GET /api/console/verifications": { response: { 200: verificationQueueSchema } },
  "POST /api/console/verifications/:id/approve": { params: idParamsSchema, response: { 200: okSchema } },
  "POST /api/console/verifications/:id/reject": { params: idParamsSchema, body: verificationRejectionSchema, response: { 200: okSchema } },
} as const satisfies Calls;
