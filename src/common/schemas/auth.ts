import { z } from "zod";
import { singleLine } from "./text";
import { withoutControlCharacters } from "../plainText";
import {
  EMAIL_MAX_LENGTH,
  MAX_AGE,
  MIN_AGE,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from "../constants";
import { ageOn, isIsoDate } from "../dates";
import { idSchema, INT4_MAX } from "./ids";
import { LANGUAGES } from "../locales";
import { LOGIN_LINK_TOKEN } from "../routes";
import { FIRST_PROFILE_STEP, LAST_SIGNUP_STEP } from "../signupSteps";

// Messages are i18n keys: the client translates them, the server answers them translated.

export const emailSchema = z
  .string({ error: "errors.invalid_email" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: "errors.invalid_email" })
  .pipe(z.email({ error: "errors.invalid_email" }));

export const passwordSchema = z
  .string({ error: "errors.password_length" })
  .min(PASSWORD_MIN_LENGTH, { error: "errors.password_length" })
  .max(PASSWORD_MAX_LENGTH, { error: "errors.password_length" });

export const dateOfBirthSchema = z
  .string({ error: "errors.date_of_birth" })
  .refine(isIsoDate, { error: "errors.date_of_birth" })
  .refine(
    (value) => {
      const age = ageOn(value);
      return age >= MIN_AGE && age <= MAX_AGE;
    },
    { error: "errors.date_of_birth" },
  );

export const nameSchema = z
  .string({ error: "errors.name_length" })
  .trim()
  .min(NAME_MIN_LENGTH, { error: "errors.name_length" })
  .max(NAME_MAX_LENGTH, { error: "errors.name_length" })
  .refine((name) => !name.startsWith("@"), { error: "errors.name_invalid" })
  .refine(...singleLine);

const trackingValue = z.string().trim().max(100).optional();

export const trackingSchema = z.object({ network: trackingValue, ref: trackingValue, sub1: trackingValue, sub2: trackingValue, sub3: trackingValue }).strict();

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
    password: passwordSchema,
    date_of_birth: dateOfBirthSchema,
    signup_message: z.string().overwrite(withoutControlCharacters).trim().max(SIGNUP_MESSAGE_MAX_LENGTH, { error: "errors.signup_message_length" }).optional(),
    tracking: trackingSchema.optional(),
    /** The member of the landing page: signup_message becomes the first message to them. */
    member_id: z.number().int().positive().max(INT4_MAX).optional(),
  })
  .strict()
  .refine((form) => form.name.toLowerCase() !== form.email.toLowerCase(), {
    error: "errors.name_is_email",
    path: ["name"],
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z
  .object({
    email: z.string({ error: "errors.invalid_email" }).trim().toLowerCase().min(1, { error: "errors.invalid_email" }).max(EMAIL_MAX_LENGTH),
    password: z.string({ error: "errors.password_required" }).min(1, { error: "errors.password_required" }).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const languageRequestSchema = z.object({ language: z.enum(LANGUAGES, { error: "errors.language_invalid" }) }).strict();
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

export const resetRequestSchema = z.object({ email: emailSchema }).strict();
export type ResetRequest = z.infer<typeof resetRequestSchema>;

const tokenSchema = z.string({ error: "errors.link_invalid" }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "errors.link_invalid" });

export const resetDoRequestSchema = z
  .object({ token: tokenSchema, password: passwordSchema, password_confirm: z.string().max(PASSWORD_MAX_LENGTH) })
  .strict()
  .refine((form) => form.password === form.password_confirm, {
    error: "errors.passwords_differ",
    path: ["password_confirm"],
  });
export type ResetDoRequest = z.infer<typeof resetDoRequestSchema>;

export const mailChangeRequestSchema = z
  .object({ email: emailSchema, password: z.string().min(1, { error: "errors.wrong_password" }).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type MailChangeRequest = z.infer<typeof mailChangeRequestSchema>;

export const tokenRequestSchema = z.object({ token: tokenSchema }).strict();

/** The token page's path segment: a login link's token (anything else is no page: 404). */
export const LOGIN_LINK_PATTERN = new RegExp(`^${LOGIN_LINK_TOKEN}$`);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** POST /api/signup-step.php: the member finished (or skipped) this step of the signup. */
export const signupStepRequestSchema = z
  .object({ step: z.number({ error: "errors.signup_step_order" }).int().min(FIRST_PROFILE_STEP).max(LAST_SIGNUP_STEP, { error: "errors.signup_step_order" }) })
  .strict();
export type SignupStepRequest = z.infer<typeof signupStepRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Changing the password in the settings: the current one first ('Please check your old password.'). */
export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1, { error: "errors.wrong_password" }).max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    password_confirm: z.string().max(PASSWORD_MAX_LENGTH),
    /** Log out every other device too (offered checked). */
    end_other_sessions: z.boolean(),
  })
  .strict()
  .refine((form) => form.password === form.password_confirm, { error: "errors.passwords_differ", path: ["password_confirm"] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Where the member is logged in (GET /api/sessions.php). */
export const sessionsResponseSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.number().int(),
      current: z.boolean(),
      created_at: z.string(),
      last_seen_at: z.string(),
      user_agent: z.string().nullable(),
      /** The address, shortened: enough to recognise a place, not to pinpoint it. */
      ip: z.string().nullable(),
    }),
  ),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const endSessionQuerySchema = z
  .object({ id: idSchema.optional(), others: z.enum(["1"]).optional() })
  .strict()
  .refine((q) => q.id !== undefined || q.others !== undefined, { error: "errors.not_found" });
