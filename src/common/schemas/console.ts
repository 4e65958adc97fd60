import { z } from "zod";
import type { Calls } from "../apiContract";
import { EMAIL_MAX_LENGTH, GOODWILL_MAX_CREDITS, OPERATOR_REASON_MAX_LENGTH, PASSWORD_MAX_LENGTH, SUSPENSION_MAX_DAYS } from "../constants";
import { withoutControlCharacters } from "../plainText";
import { okSchema } from "./auth";
import { idParamsSchema, idSchema } from "./ids";

// The operators' console (issue 16): sign-in, audit log, member lookup and actions on members.

export const OPERATOR_ROLES = ["moderator", "support", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorLoginRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH)
      .pipe(z.email({ error: "errors.invalid_email" })),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;

export const totpCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: "errors.code_invalid" }),
  })
  .strict();
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

export const operatorSchema = z.object({ id: z.number(), email: z.string(), role: z.enum(OPERATOR_ROLES), totp: z.boolean() });
export type Operator = z.infer<typeof operatorSchema>;

/**
 * Where a sign-in stands: `done` (signed in), `code` (the password was right, the TOTP code is
 * asked), `enrol` (the second factor must be set up first), or null (not signed in).
 */
export const consoleSessionSchema = z.object({
  step: z.enum(["done", "code", "enrol"]).nullable(),
  operator: operatorSchema.nullable(),
  /** Whether this server requires the second factor (production). */
  second_factor_required: z.boolean(),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const totpSetupSchema = z.object({
  /** The otpauth:// address as a QR code (a data: URL of a PNG). */
  qr: z.string(),
  /** The same secret to type in by hand. */
  secret: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const reasonSchema = z
  .string({ error: "errors.field_required" })
  .trim()
  .min(1, { error: "errors.field_required" })
  .max(OPERATOR_REASON_MAX_LENGTH)
  .overwrite(withoutControlCharacters);

export const AUDIT_ACTIONS = [
  "member.ban",
  "member.suspend",
  "member.lift",
  "member.end_sessions",
  "member.grant_credits",
  "reports.decide",
  "reports.appeal",
  "complaints.assign",
  "complaints.answer",
  "complaints.close",
  "photo.approve",
  "photo.reject",
  "verification.approve",
  "verification.reject",
  "member.refund",
  "member.resend_activation",
  "member.fictional",
  "member.erase",
  "jobs.retry",
  "operator.sign_in",
  "operator.sign_in_failed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "errors.validation_failed" });

export const auditQuerySchema = z
  .object({
    operator_id: idSchema.optional(),
    member_id: idSchema.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** First and last day (UTC) of the entries wanted. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Entries older than this id (the next page). */
    before: idSchema.optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  operator: z.object({ id: z.number(), email: z.string() }),
  action: z.string(),
  member_id: z.number().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const suspendRequestSchema = z.object({ days: z.number().int().min(1).max(SUSPENSION_MAX_DAYS), reason: reasonSchema }).strict();
export type SuspendRequest = z.infer<typeof suspendRequestSchema>;

export const grantCreditsRequestSchema = z.object({ credits: z.number().int().min(1).max(GOODWILL_MAX_CREDITS), reason: reasonSchema }).strict();
export type GrantCreditsRequest = z.infer<typeof grantCreditsRequestSchema>;

export const reasonRequestSchema = z.object({ reason: reasonSchema }).strict();

export const memberSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(EMAIL_MAX_LENGTH) }).strict();

export const memberHitSchema = z.object({
  id: z.number(),
  site: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.string(),
  restricted: z.boolean(),
});
export type MemberHit = z.infer<typeof memberHitSchema>;

export const restrictionSchema = z.object({
  kind: z.enum(["ban", "suspension"]),
  reason: z.string(),
  until: z.string().nullable(),
  created_at: z.string(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const memberDetailSchema = z.object({
  id: z.number(),
  site: z.string(),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  profile_status: z.string(),
  signup_date: z.string(),
  credits: z.number(),
  paid_user: z.boolean(),
  fictional: z.boolean(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  /** Their messages with scam signals (asking for money, another app, a phone number). */
  scam_messages: z.number(),
  restriction: restrictionSchema.nullable(),
  photos: z.array(z.object({ id: z.string(), status: z.string(), created_at: z.string() })),
  ledger: z.array(z.object({ id: z.number(), at: z.string(), delta: z.number(), balance_after: z.number(), reason: z.string(), ref: z.string().nullable() })),
  payments: z.array(z.object({ id: z.string(), at: z.string(), status: z.string(), amount: z.number(), currency: z.string(), credits: z.number() })),
  sessions: z.array(
    z.object({ id: z.number(), created_at: z.string(), last_seen_at: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable() }),
  ),
  audit: z.array(auditEntrySchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const refundRequestSchema = z.object({ reason: reasonSchema }).strict();
export const refundResponseSchema = z.object({ status: z.string(), credits_taken_back: z.number(), credits: z.number(), paid_user: z.boolean() });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export const fictionalRequestSchema = z.object({ fictional: z.boolean(), reason: reasonSchema }).strict();
/** Starting an erasure asks the admin to confirm it in the request itself. */
export const erasureRequestSchema = z.object({ confirm: z.literal(true, { error: "errors.field_required" }), reason: reasonSchema }).strict();

export const memberSearchResponseSchema = z.object({ members: z.array(memberHitSchema) });

/** One of the member's payments in a console path. */
export const memberPaymentParamsSchema = z.object({ id: idSchema, payment: z.uuid({ error: "errors.not_found" }) }).strict();
/** When a ban (null) or a suspension ends. */
export const restrictionUntilSchema = z.object({ until: z.string().nullable() });
export const grantedCreditsSchema = z.object({ credits: z.number() });

/** The console's calls: the sign-in, the member search, a member's page and the actions on it, and the audit log. */
export const consoleCalls = {
  "GET /api/console/session": { response: { 200: consoleSessionSchema } },
  "POST /api/console/session": { body: operatorLoginRequestSchema, response: { 200: consoleSessionSchema } },
  "DELETE /api/console/session": { response: { 200: okSchema } },
  "POST /api/console/code": { body: totpCodeRequestSchema, response: { 200: consoleSessionSchema } },
  "POST /api/console/totp": { response: { 200: totpSetupSchema } },
  "POST /api/console/totp/activate": { body: totpCodeRequestSchema, response: { 200: consoleSessionSchema } },
  "GET /api/console/members": { querystring: memberSearchQuerySchema, response: { 200: memberSearchResponseSchema } },
  "GET /api/console/members/:id": { params: idParamsSchema, response: { 200: memberDetailSchema } },
  "POST /api/console/members/:id/end-sessions": { params: idParamsSchema, body: reasonRequestSchema, response: { 200: okSchema } },
  "POST /api/console/members/:id/credits": { params: idParamsSchema, body: grantCreditsRequestSchema, response: { 200: grantedCreditsSchema } },
  "POST /api/console/members/:id/payments/:payment/refund": {
    params: memberPaymentParamsSchema,
    body: refundRequestSchema,
    response: { 200: refundResponseSchema },
  },
  "POST /api/console/members/:id/resend-activation": { params: idParamsSchema, body: reasonRequestSchema, response: { 200: okSchema } },
  "POST /api/console/members/:id/fictional": { params: idParamsSchema, body: fictionalRequestSchema, response: { 200: okSchema } },
  "POST /api/console/members/:id/erasure": { params: idParamsSchema, body: erasureRequestSchema, response: { 200: okSchema } },
  "POST /api/console/members/:id/ban": { params: idParamsSchema, body: reasonRequestSchema, response: { 200: restrictionUntilSchema } },
  "POST /api/console/members/:id/suspension": { params: idParamsSchema, body: suspendRequestSchema, response: { 200: restrictionUntilSchema } },
  "POST /api/console/members/:id/lift": { params: idParamsSchema, body: reasonRequestSchema, response: { 200: okSchema } },
  "GET /api/console/audit": { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
} as const satisfies Calls;
