import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ReportDecision, ReportEvidence, ReportReason } from "../../../common/schemas/reports";
import { reportDecisions } from "./decisions";
import { operators } from "./operators";
import { sites } from "./sites";
import { users } from "./users";

/**
 * A member's report of another member (features/reports). The evidence of a report from a
 * conversation is a copy of its last messages taken when the report was made: later edits or
 * deletions of the messages do not reach it, and a trigger of migration 0018 refuses to change it.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedId: integer("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    text: text("text"),
    conversationId: integer("conversation_id"),
    evidence: jsonb("evidence").$type<ReportEvidence[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: text("decision").$type<ReportDecision>(),
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => operators.id),
    decisionId: integer("decision_id").references(() => reportDecisions.id),
    /** The one message reported, when the report is about a chat message (it is marked in the evidence). */
    messageId: integer("message_id"),
  },
  (t) => [index("reports_open_idx").on(t.reportedId, t.id).where(sql`decided_at IS NULL`), index("reports_reported_idx").on(t.reportedId, t.id)],
);
