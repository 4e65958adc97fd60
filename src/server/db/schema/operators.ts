import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { OperatorRole } from "../../../common/schemas/console";
import { users } from "./users";

/** A staff account of the console (features/operators): not a member, on no site in particular. */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<OperatorRole>().notNull(),
    /** The TOTP secret (base32) once the second factor is active; null while it is not. */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment, active only after one valid code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The time step of the last accepted code: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operators_email_key").on(sql`lower(${t.email})`)],
);

/** An operator's sign-in; only the SHA-256 of the cookie's token is kept. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** When the second factor was given (or found not needed); null: only the password so far. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId)],
);

/**
 * Every operator action, written in the transaction of the action. Append-only: a trigger of
 * migration 0018 refuses UPDATE, DELETE and TRUNCATE. `member_id` has no foreign key on purpose: the
 * trail outlives an erased account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    memberId: integer("member_id"),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_operator_idx").on(t.operatorId, t.id),
    index("audit_log_member_idx").on(t.memberId, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
    index("audit_log_at_idx").on(t.at),
  ],
);

export type RestrictionKind = "ban" | "suspension";

/**
 * A ban (no end) or a suspension (until a time) of a member. While one is in force the profile's
 * status is 'disabled', which every list and check already honours (members/accessRestrictions.ts).
 */
export const memberRestrictions = pgTable(
  "member_restrictions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RestrictionKind>().notNull(),
    reason: text("reason").notNull(),
    /** The end of a suspension; null for a ban. */
    until: timestamp("until", { withTimezone: true }),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an operator lifted it early. */
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
  },
  (t) => [index("member_restrictions_user_idx").on(t.userId, t.id)],
);
