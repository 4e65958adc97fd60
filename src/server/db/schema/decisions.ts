import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { AppealOutcome, NoticeKind, ReportRule } from "../../../common/schemas/decisions";
import type { ReportDecision } from "../../../common/schemas/reports";
import { memberRestrictions, operators } from "./operators";
import { sites } from "./sites";
import { users } from "./users";

/**
 * A moderator's decision on the reports waiting about one member (features/reports), with its
 * statement of reasons, and the member's one appeal against it. `appeal_key` opens the appeal form
 * without a login (a banned member has none); it is null for a dismissal, which has nothing to appeal.
 */
export const reportDecisions = pgTable(
  "report_decisions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decision: text("decision").$type<ReportDecision>().notNull(),
    rule: text("rule").$type<ReportRule>().notNull(),
    reason: text("reason").notNull(),
    days: integer("days"),
    until: timestamp("until", { withTimezone: true }),
    restrictionId: integer("restriction_id").references(() => memberRestrictions.id),
    decidedBy: integer("decided_by")
      .notNull()
      .references(() => operators.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    appealKey: text("appeal_key"),
    appealText: text("appeal_text"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    appealOutcome: text("appeal_outcome").$type<AppealOutcome>(),
    appealReason: text("appeal_reason"),
    appealDecidedBy: integer("appeal_decided_by").references(() => operators.id),
    appealDecidedAt: timestamp("appeal_decided_at", { withTimezone: true }),
  },
  (t) => [
    index("report_decisions_member_idx").on(t.memberId, t.id),
    index("report_decisions_appeal_key_idx").on(t.appealKey),
    index("report_decisions_appeals_open_idx").on(t.appealedAt).where(sql`appealed_at IS NOT NULL AND appeal_outcome IS NULL`),
  ],
);

/** What a member is told on the site about a decision (the mail says the same); gone once seen. */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decisionId: integer("decision_id")
      .notNull()
      .references(() => reportDecisions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NoticeKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [index("member_notices_unseen_idx").on(t.userId, t.id).where(sql`seen_at IS NULL`)],
);
