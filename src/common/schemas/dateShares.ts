import { z } from "zod";
import type { Calls } from "../apiContract";
import { DATE_SHARE_NOTE_MAX_LENGTH, DATE_SHARE_PLACE_MAX_LENGTH } from "../constants";
import { withoutControlCharacters } from "../plainText";
import { DATE_SHARE_TOKEN } from "../routes";
import { okSchema } from "./auth";
import { idSchema } from "./ids";
import { singleLine } from "./text";

// Share my date (issue 22): from a conversation, a member shares the place and time of a date, and the
// other member's name and first photo, with a friend by a link that stops working after the date.

/** A link's token: 128 random bits, URL-safe (22 characters); the server keeps only its hash. */
export const dateShareTokenSchema = z.string().regex(new RegExp(`^${DATE_SHARE_TOKEN}$`), { error: "errors.date_share_gone" });

/** POST /api/dateshares.php: a date in one of the member's conversations. */
export const createDateShareSchema = z
  .object({
    conversation: idSchema,
    place: z
      .string({ error: "errors.field_required" })
      .trim()
      .min(1, { error: "errors.field_required" })
      .max(DATE_SHARE_PLACE_MAX_LENGTH, { error: "errors.field_invalid" })
      .refine(...singleLine),
    /** The date's time, ISO-8601 with its offset (the client sends UTC). */
    starts_at: z.iso.datetime({ offset: true, error: "errors.field_invalid" }),
    note: z.string().overwrite(withoutControlCharacters).trim().max(DATE_SHARE_NOTE_MAX_LENGTH, { error: "errors.field_invalid" }).optional(),
  })
  .strict();
export type CreateDateShare = z.infer<typeof createDateShareSchema>;

/** One of the member's shares, as the conversation lists it (the link itself is shown once, when made). */
export const dateShareSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  place: z.string(),
  starts_at: z.string(),
  note: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type DateShare = z.infer<typeof dateShareSchema>;

export const dateSharesQuerySchema = z.object({ conversation: idSchema }).strict();
export const dateSharesResponseSchema = z.object({
  shares: z.array(dateShareSchema),
  /** Hours after a date's time when its link stops working (the server's setting). */
  hours_after: z.number().int(),
});
export type DateSharesResponse = z.infer<typeof dateSharesResponseSchema>;

export const createDateShareResponseSchema = z.object({ share: dateShareSchema, url: z.string() });
export type CreateDateShareResponse = z.infer<typeof createDateShareResponseSchema>;

export const revokeDateShareQuerySchema = z.object({ id: idSchema }).strict();

export const datePageQuerySchema = z.object({ token: dateShareTokenSchema }).strict();

/**
 * What the link shows a friend. `partner` is null when the other member can no longer be shown (their
 * account was closed, banned or suspended, or one of the two blocked the other): the place and time stay.
 */
export const datePageSchema = z.object({
  site: z.string(),
  sharer_name: z.string(),
  partner: z.object({ name: z.string(), photo: z.string().nullable() }).nullable(),
  place: z.string(),
  starts_at: z.string(),
  note: z.string(),
  expires_at: z.string(),
});
export type DatePage = z.infer<typeof datePageSchema>;

/** The calls of Share my date (the server's routes and the web client's typed calls share them). */
export const dateSharesCalls = {
  "GET /api/dateshares.php": { querystring: dateSharesQuerySchema, response: { 200: dateSharesResponseSchema } },
  "POST /api/dateshares.php": { body: createDateShareSchema, response: { 200: createDateShareResponseSchema } },
  "DELETE /api/dateshares.php": { querystring: revokeDateShareQuerySchema, response: { 200: okSchema } },
  "GET /api/datepage.php": { querystring: datePageQuerySchema, response: { 200: datePageSchema } },
} as const satisfies Calls;
