import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { idParamsSchema } from "./ids";
import { APPEAL_TEXT_MAX_LENGTH } from "../constants";
import { withoutControlCharacters } from "../plainText";
import { REPORT_DECISIONS, type ReportDecision, type ReportReason } from "./reports";

// Decisions on reports told to the members concerned (DSA Art. 17 statement of reasons), and the
// reported member's one appeal against a decision (DSA Art. 20).

/** The rule of the site a decision names as broken. */
export const REPORT_RULES = ["fake", "harassment", "explicit", "underage", "terms"] as const;
export type ReportRule = (typeof REPORT_RULES)[number];

const RULE_OF_REASON: Record<ReportReason, ReportRule> = { fake: "fake", harassment: "harassment", explicit: "explicit", underage: "underage", other: "terms" };

/** The rule a decision names when the moderator picks none: the one most reports point at (the earliest on a tie). */
export function likelyRule(reasons: readonly ReportReason[]): ReportRule {
  const counts = new Map<ReportRule, number>();
  for (const reason of reasons) counts.set(RULE_OF_REASON[reason], (counts.get(RULE_OF_REASON[reason]) ?? 0) + 1);
  let best: ReportRule = "terms";
  let most = 0;
  for (const [rule, count] of counts) {
    if (count > most) [best, most] = [rule, count];
  }
  return best;
}

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/**
 * Whether reversing a decision gives the member their account back: a ban or a suspension ended.
 * A reporter hears this much of a reversal (and nothing when a warning is withdrawn).
 */
export function restoresAccount(decision: ReportDecision, outcome: AppealOutcome): boolean {
  return outcome === "reversed" && (decision === "ban" || decision === "suspend");
}

/**
 * What a member is told: the decision about them, the outcome of their report, of their appeal, or
 * (to a reporter) of the reported member's appeal against the decision on their report.
 */
export const NOTICE_KINDS = ["decision", "report_outcome", "appeal_outcome", "report_appeal_outcome"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A notice on the member's site. The reporter's (`report_outcome`) says only whether action was
 * taken: never the sanction, its reason or its length; after an appeal (`report_appeal_outcome`),
 * whether the decision stands and, on a reversal, whether the member has their account back.
 */
export const memberNoticeSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  at: z.string(),
  /** report_outcome: whether the site acted on the report. */
  acted: z.boolean().optional(),
  /** The reported member's name (report_outcome, report_appeal_outcome). */
  about: z.string().optional(),
  /** report_appeal_outcome: the reversal gave the reported member their account back (restoresAccount). */
  restored: z.boolean().optional(),
  decision: z.enum(REPORT_DECISIONS).optional(),
  rule: z.enum(REPORT_RULES).optional(),
  reason: z.string().optional(),
  until: z.string().nullable().optional(),
  /** decision: the key of the appeal form while an appeal is possible. */
  appeal: z.string().nullable().optional(),
  outcome: z.enum(APPEAL_OUTCOMES).optional(),
});
export type MemberNotice = z.infer<typeof memberNoticeSchema>;
export const memberNoticesSchema = z.object({ notices: z.array(memberNoticeSchema) });

export const noticeSeenRequestSchema = z.object({ id: z.number().int().positive() }).strict();

/** The key of an appeal: from the decision mail, the ban page or the notice. */
export const appealKeySchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: "errors.validation_failed" });

export const appealRequestSchema = z
  .object({
    key: appealKeySchema,
    text: z
      .string()
      .overwrite(withoutControlCharacters)
      .trim()
      .min(10, { error: "errors.appeal_text" })
      .max(APPEAL_TEXT_MAX_LENGTH, { error: "errors.appeal_text" }),
  })
  .strict();
export type AppealRequest = z.infer<typeof appealRequestSchema>;

/** The decision an appeal key is for, as the appeal form shows it. */
export const appealStateSchema = z.object({
  decision: z.enum(REPORT_DECISIONS),
  rule: z.enum(REPORT_RULES),
  reason: z.string(),
  until: z.string().nullable(),
  appealed: z.boolean(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
});
export type AppealState = z.infer<typeof appealStateSchema>;

/** An appeal waiting in the console, with the decision and the reports it was about. */
export const queuedAppealSchema = z.object({
  id: z.number(),
  member: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  decision: z.enum(REPORT_DECISIONS),
  rule: z.enum(REPORT_RULES),
  reason: z.string(),
  days: z.number().nullable(),
  decided_at: z.string(),
  decided_by: z.object({ id: z.number(), email: z.string() }),
  appeal_text: z.string(),
  appealed_at: z.string(),
  report_reasons: z.array(z.string()),
  /** Whether the operator asking may decide it (not the one who made the decision, unless an admin). */
  may_decide: z.boolean(),
});
export type QueuedAppeal = z.infer<typeof queuedAppealSchema>;
export const appealQueueSchema = z.object({ appeals: z.array(queuedAppealSchema) });
export type AppealQueue = z.infer<typeof appealQueueSchema>;

export const appealDecisionRequestSchema = z.object({ outcome: z.enum(APPEAL_OUTCOMES), reason: z.string().trim().min(1).max(500) }).strict();
export type AppealDecisionRequest = z.infer<typeof appealDecisionRequestSchema>;

export const appealQuerySchema = z.object({ key: appealKeySchema }).strict();

/** A member's notices of decisions, appealing one, and the moderators' queue of appeals (deciding one has its id in the path). */
export const decisionsCalls = {
  "GET /api/notices.php": { response: { 200: memberNoticesSchema } },
  "POST /api/notices.php": { body: noticeSeenRequestSchema, response: { 200: okSchema } },
  "GET /api/appeal.php": { querystring: appealQuerySchema, response: { 200: appealStateSchema } },
  "POST /api/appeal.php": { body: appealRequestSchema, response: { 200: okSchema } },
  "GET /api/console/appeals": { response: { 200: appealQueueSchema } },
  "POST /api/console/appeals/:id": { params: idParamsSchema, body: appealDecisionRequestSchema, response: { 200: okSchema } },
} as const satisfies Calls;
