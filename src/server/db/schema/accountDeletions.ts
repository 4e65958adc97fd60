import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { DeletionReason } from "../../../common/schemas/account";
import { users } from "./users";

/**
 * A member's request to delete the account, and what became of it: reactivated within the window,
 * or erased. The reason stays (without the member) so that the site learns why people leave.
 */
export const accountDeletions = pgTable("account_deletions", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  reason: text("reason").$type<DeletionReason>().notNull(),
  detail: text("detail"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  reactivatedAt: timestamp("reactivated_at", { withTimezone: true }),
  erasedAt: timestamp("erased_at", { withTimezone: true }),
});
