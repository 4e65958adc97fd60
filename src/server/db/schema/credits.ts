import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

export type LedgerReason = "signup_bonus" | "message" | "photo" | "voice" | "call" | "gift" | "purchase" | "bonus" | "refund";

/**
 * Every credit movement, append-only. users.credits is the balance, changed only in the same
 * transaction as the row that explains it (and never below zero: a check on users).
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").$type<LedgerReason>().notNull(),
    /** What the movement belongs to: a message id, a payment id... */
    ref: text("ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_user_idx").on(t.userId, t.id),
    check("credit_ledger_balance_check", sql`${t.balanceAfter} >= 0`),
    // A payment credits once: a second purchase row for the same payment cannot exist.
    uniqueIndex("credit_ledger_purchase_once").on(t.ref).where(sql`${t.reason} = 'purchase'`),
  ],
);

/** Answers of calls that spend credits, by Idempotency-Key: a retried request gets the first answer. */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    response: text("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idempotent_requests_key").on(t.userId, t.key)],
);
