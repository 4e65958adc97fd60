import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ComplaintCategory } from "../../../common/schemas/complaints";
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
    status: text("status").$type<"open" | "answered" | "closed">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("complaints_reference_key").on(t.reference), index("complaints_site_idx").on(t.siteId, t.createdAt)],
);
