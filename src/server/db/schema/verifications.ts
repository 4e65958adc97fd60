import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { VerificationPose, VerificationRejectionReason } from "../../../common/verification";
import { operators } from "./operators";
import { profiles } from "./users";

/** started: a pose was given, no selfie yet; pending: in the moderators' queue; then approved or rejected. */
export type VerificationStatus = "started" | "pending" | "approved" | "rejected";

/**
 * A member's request to be verified (features/verification). The selfie is private: only moderators
 * see it, through the console. Its file is removed when the request is decided (the decision, the
 * pose and who decided stay, for the audit), and with the account at erasure.
 */
export const verificationRequests = pgTable(
  "verification_requests",
  {
    id: serial("id").primaryKey(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The pose the member was asked for (common/verification.ts), picked by the server. */
    pose: text("pose").$type<VerificationPose>().notNull(),
    status: text("status").$type<VerificationStatus>().notNull().default("started"),
    /** The selfie's storage key (`verifications/<uuid>.jpg`) while the request waits; null before the upload and after the decision. */
    selfieKey: text("selfie_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => operators.id),
    rejectionReason: text("rejection_reason").$type<VerificationRejectionReason>(),
  },
  (t) => [
    // One open request per member: a second start finds the first.
    uniqueIndex("verification_requests_open_key").on(t.profileId).where(sql`status IN ('started', 'pending')`),
    index("verification_requests_profile_idx").on(t.profileId, t.id),
    index("verification_requests_waiting_idx").on(t.submittedAt).where(sql`status = 'pending'`),
  ],
);
