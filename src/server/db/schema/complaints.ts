import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { ComplaintCategory, ComplaintStatus } from "../../../common/schemas/complaints";
import { operators } from "./operators";
import { sites } from "./sites";
import { users } from "./users";

/** A complaint sent through /complaints, by a member or a visitor; customer service works from here. */
export const complaints = pgTable(
  "complaints",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** The reference the complainant quotes: short, unguessable, easy to read out. */
    reference: text("reference").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category").$type<ComplaintCategory>().notNull(),
    message: text("message").notNull(),
    status: text("status").$type<ComplaintStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The language of the form, for the answers' mails. */
    language: text("language").notNull().default("en"),
    /** The operator who took it (support or admin). */
    assignedTo: integer("assigned_to").references(() => operators.id),
    /** The first answer: a complaint unanswered after COMPLAINT_ANSWER_HOURS is overdue. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("complaints_reference_key").on(t.reference),
    index("complaints_site_idx").on(t.siteId, t.createdAt),
    index("complaints_queue_idx").on(t.createdAt).where(sql`status <> 'closed'`),
  ],
);

/** The thread of a complaint after the complainant's message: the answers mailed to them. */
export const complaintMessages = pgTable(
  "complaint_messages",
  {
    id: serial("id").primaryKey(),
    complaintId: integer("complaint_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("complaint_messages_complaint_idx").on(t.complaintId, t.id)],
);
