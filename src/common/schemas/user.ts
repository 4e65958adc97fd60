import { z } from "zod";
import type { Calls } from "../apiContract";
import { ACTIVITIES } from "../activity";
import { LANGUAGES } from "../locales";
import {
  languageRequestSchema,
  loginRequestSchema,
  mailChangeRequestSchema,
  okSchema,
  resetDoRequestSchema,
  resetRequestSchema,
  signupRequestSchema,
  signupStepRequestSchema,
  tokenRequestSchema,
} from "./auth";

export const mainImageSchema = z.object({
  id: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(["approved", "pending", "rejected"]),
  /** Path of the square crop used on match and swipe cards. */
  match: z.string(),
});
export type MainImage = z.infer<typeof mainImageSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(["enabled", "disabled"]),
  main_image: mainImageSchema.nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.enum(["male", "female"]).nullable(),
  sexuality: z.enum(["hetero", "gay", "lesbian", "bi"]).nullable(),
  date_of_birth: z.string().nullable(),
  age: z.number().int().nullable(),
  personal_text: z.string().nullable(),
  interests: z.array(z.string()),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  fictional: z.boolean(),
  /** A moderator compared the member's selfie in a given pose with their photos (photo verification). */
  verified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const NOTIFICATION_DISABLED_REASONS = ["fbl", "bounce", "list-unsubscribe"] as const;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(["not_confirmed", "confirmed"]),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.enum(LANGUAGES),
  notifications_disabled: z.array(z.enum(NOTIFICATION_DISABLED_REASONS)),
  /** The signup step still to do (1 to 5, common/signupSteps.ts), or null when the signup is complete. */
  signup_step: z.number().int().nullable(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema.nullable() });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** A member as shown on cards in lists (home page, search). */
export const memberCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(["male", "female"]).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  main_image: mainImageSchema.nullable(),
  fictional: z.boolean(),
  /** The member's photos are verified (a badge on the card). */
  verified: z.boolean(),
  /**
   * Kilometres from the viewer's town to the member's (whole, 0 for under 1 km; common/distance.ts),
   * or null when one of them has no place or the viewer is a visitor.
   */
  distance_km: z.number().int().nullable(),
  /** Online now, active today or this week (common/activity.ts); null when longer ago, hidden or unknown. */
  activity: z.enum(ACTIVITIES).nullable(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

/** A POST that takes nothing: an empty JSON object, or no body at all. */
const emptyBody = z.object({}).strict().optional();

// Here rather than in auth.ts, which the client's forms import: the answers' schemas stay out of its bundle.
/** The account's calls: who is logged in, login, signup, logout, the language, and the e-mailed links. */
export const authCalls = {
  "GET /api/user.php": { response: { 200: userResponseSchema } },
  "POST /api/user.php": { body: loginRequestSchema, response: { 200: userResponseSchema } },
  "PUT /api/user.php": { body: languageRequestSchema, response: { 200: okSchema } },
  "GET /api/logout.php": { response: { 200: okSchema } },
  "POST /api/signup.php": { body: signupRequestSchema, response: { 200: userResponseSchema } },
  "POST /api/signup-step.php": { body: signupStepRequestSchema, response: { 200: userResponseSchema } },
  "POST /api/login-link.php": { body: tokenRequestSchema, response: { 200: userResponseSchema } },
  "POST /api/activation-mail.php": { body: emptyBody, response: { 200: okSchema } },
  "POST /api/reset-password.php": { body: resetRequestSchema, response: { 200: okSchema } },
  "POST /api/reset-password-do.php": { body: resetDoRequestSchema, response: { 200: userResponseSchema } },
  "POST /api/mail-change.php": { body: mailChangeRequestSchema, response: { 200: okSchema } },
  "POST /api/mail-change-do.php": { body: tokenRequestSchema, response: { 200: okSchema } },
} as const satisfies Calls;
