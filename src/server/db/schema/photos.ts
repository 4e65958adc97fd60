import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("photos_profile_idx").on(t.profileId, t.position)],
);
