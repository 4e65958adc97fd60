import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Counters of the database limiter (login lockouts, reset mails) when Redis is not configured. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
