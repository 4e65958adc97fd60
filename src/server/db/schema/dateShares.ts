import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { conversations } from "./chat";
import { sites } from "./sites";
import { profiles } from "./users";

/**
 * Share my date (issue 22): a member's date in one of their conversations, shown to whoever has the
 * link until `expires_at` or until revoked. Only the token's SHA-256 is kept. Rows go with either
 * member's profile (erasure) and with the conversation.
 */
export const dateShares = pgTable(
  "date_shares",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    sharerId: integer("sharer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    place: text("place").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("date_shares_token_key").on(t.tokenHash),
    index("date_shares_sharer_idx").on(t.sharerId, t.expiresAt),
    index("date_shares_partner_idx").on(t.partnerId),
    index("date_shares_conversation_idx").on(t.conversationId),
  ],
);

export type DateShareRow = typeof dateShares.$inferSelect;
