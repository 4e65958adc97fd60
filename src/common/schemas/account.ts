import { z } from "zod";
import type { Calls } from "../apiContract";
import { endSessionQuerySchema, okSchema, passwordChangeSchema, sessionsResponseSchema, tokenRequestSchema } from "./auth";
import { discountCodeSchema } from "./payments";
import { withoutControlCharacters } from "../plainText";

// Leaving the site: why, the password as a last check, and coming back within the window.

export const DELETION_REASONS = ["found_someone", "few_matches", "too_expensive", "too_many_emails", "privacy", "taking_a_break", "other"] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

export const deleteAccountSchema = z
  .object({
    reason: z.enum(DELETION_REASONS, { error: "errors.deletion_reason" }),
    detail: z.string().overwrite(withoutControlCharacters).trim().max(1000).optional(),
    password: z.string().min(1, { error: "errors.wrong_password" }).max(200),
  })
  .strict();
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

export const reactivateSchema = z.object({ token: z.string().min(10).max(200) }).strict();

/** "This wasn't me" with the token of a password or e-mail change alert (POST /api/secure-account.php, body tokenRequestSchema). */
export const secureAccountResponseSchema = z.object({
  ok: z.literal(true),
  /** The e-mail change was undone: the account has the alert's address again. */
  email_restored: z.boolean(),
});
export type SecureAccountResponse = z.infer<typeof secureAccountResponseSchema>;

const noQuery = z.object({}).strict();

/** The account page's calls: devices, the password, "this wasn't me", leaving and coming back. */
export const accountCalls = {
  "GET /api/sessions.php": { querystring: noQuery, response: { 200: sessionsResponseSchema } },
  "DELETE /api/sessions.php": { querystring: endSessionQuerySchema, response: { 200: okSchema } },
  "POST /api/password.php": { body: passwordChangeSchema, response: { 200: okSchema } },
  "POST /api/secure-account.php": { body: tokenRequestSchema, response: { 200: secureAccountResponseSchema } },
  "POST /api/delete-offer.php": { response: { 200: discountCodeSchema } },
  "POST /api/account-delete.php": { body: deleteAccountSchema, response: { 200: okSchema } },
  "POST /api/reactivate.php": { body: reactivateSchema, response: { 200: okSchema } },
} as const satisfies Calls;
