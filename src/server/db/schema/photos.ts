import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PhotoRejectionReason } from "../../../common/photoModeration";
import { operators } from "./operators";
import { profiles } from "./users";

export type PhotoStatus = "approved" | "pending" | "rejected";

/** A member's photo; the id is random so that photo URLs cannot be enumerated. */
export const photos = pgTable(
  "photos",
  {
    id: text("id").primaryKey(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    thumbFilename: text("thumb_filename").notNull(),
    matchFilename: text("match_filename").notNull(),
    blurredFilename: text("blurred_filename").notNull(),
    status: text("status").$type<PhotoStatus>().notNull().default("pending"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a moderator approved or rejected the photo; null while it waits in the queue (photoModeration). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => operators.id),
    /** Why it was rejected (common/photoModeration.ts), as the member is told. */
    rejectionReason: text("rejection_reason").$type<PhotoRejectionReason>(),
    /** When the member closed the notice of the rejection; until then the site shows it. */
    rejectionSeenAt: timestamp("rejection_seen_at", { withTimezone: true }),
    /** The nudity model flagged it at upload (or could not score it): held for a moderator, who is told so (photoSafety). */
    modelFlagged: boolean("model_flagged").notNull().default(false),
  },
  (t) => [index("photos_profile_idx").on(t.profileId, t.position), index("photos_waiting_idx").on(t.createdAt).where(sql`decided_at IS NULL`)],
);
