import { z } from "zod";
import type { Calls } from "../apiContract";
import { REPORT_TEXT_MAX_LENGTH, SUSPENSION_MAX_DAYS } from "../constants";
import { withoutControlCharacters } from "../plainText";
import { okSchema } from "./auth";
import { idParamsSchema, idSchema } from "./ids";

// Reports of members by members (issue 16), and the moderators' decisions on them.

export const REPORT_REASONS = ["fake", "harassment", "explicit", "underage", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DECISIONS = ["dismiss", "warn", "suspend", "ban"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** One message of a conversation as it was when the report was made. */
export const reportEvidenceSchema = z.object({
  id: z.number(),
  from: z.number(),
  at: z.string(),
  kind: z.string(),
  body: z.string(),
  /** The one message reported, when the report is about a single message. */
  reported: z.boolean().optional(),
});
export type ReportEvidence = z.infer<typeof reportEvidenceSchema>;

export const reportRequestSchema = z
  .object({
    id: idSchema,
    reason: z.enum(REPORT_REASONS, { error: "errors.field_required" }),
    text: z.string().trim().max(REPORT_TEXT_MAX_LENGTH).overwrite(withoutControlCharacters).optional(),
    /** Reported from the conversation with the member: its last messages go with the report. */
    from_chat: z.boolean().optional(),
    /** Block the member in the same step. */
    block: z.boolean().optional(),
    /** One message of the member, received in the conversation: reported with the conversation's messages around it. */
    message_id: idSchema.optional(),
  })
  .strict()
  .refine((r) => r.reason !== "other" || (r.text ?? "").length > 0, { error: "errors.field_required", path: ["text"] });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ reported: z.literal(true), blocked: z.boolean() });

export const queuedReportSchema = z.object({
  id: z.number(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  reporter_id: z.number().nullable(),
  created_at: z.string(),
  /** The conversation's last messages when the report came from it; null otherwise. */
  evidence: z.array(reportEvidenceSchema).nullable(),
  /** The message reported, when the report is about one message (it is marked in the evidence). */
  message_id: z.number().nullable(),
  decision: z.enum(REPORT_DECISIONS).nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** The reports waiting about one member, with the earlier ones and their decisions. */
export const reportGroupSchema = z.object({
  member: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    site: z.string(),
    restricted: z.boolean(),
    /** Their messages with scam signals (asking for money, another app, a phone number). */
    scam_messages: z.number(),
  }),
  open: z.array(queuedReportSchema),
  earlier: z.array(queuedReportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueSchema = z.object({ groups: z.array(reportGroupSchema) });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

/** The rule of the site a decision names (decisions.ts); when none is given, the one most reports point at. */
const rule = z.enum(["fake", "harassment", "explicit", "underage", "terms"]).optional();
const statement = z.string().trim().min(1).max(500);

export const reportDecisionRequestSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("dismiss"), reason: statement, rule }).strict(),
  z.object({ decision: z.literal("warn"), reason: statement, rule }).strict(),
  z.object({ decision: z.literal("suspend"), days: z.number().int().min(1).max(SUSPENSION_MAX_DAYS), reason: statement, rule }).strict(),
]);

export const reportBanRequestSchema = z.object({ reason: statement, rule }).strict();
export type ReportBanRequest = z.infer<typeof reportBanRequestSchema>;
export type ReportDecisionRequest = z.infer<typeof reportDecisionRequestSchema>;

/** A member's report, and the moderators' queue of them (the decisions on a report have its id in the path: called with api()). */
export const reportsCalls = {
  "POST /api/report.php": { body: reportRequestSchema, response: { 200: reportResponseSchema } },
  "GET /api/console/reports": { response: { 200: reportQueueSchema } },
  "POST /api/console/reports/:id/decision": { params: idParamsSchema, body: reportDecisionRequestSchema, response: { 200: okSchema } },
  "POST /api/console/reports/:id/ban": { params: idParamsSchema, body: reportBanRequestSchema, response: { 200: okSchema } },
} as const satisfies Calls;
