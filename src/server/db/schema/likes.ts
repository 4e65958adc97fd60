import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "./users";

export type LikeSource = "member" | "swipe" | "auto";

/** A like from one member to another; liked both ways is a match. `seen` false is a new like. */
export const likes = pgTable(
  "likes",
  {
    likerId: integer("liker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    likedId: integer("liked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    seen: boolean("seen").notNull().default(false),
    source: text("source").$type<LikeSource>().notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index("likes_liked_idx").on(t.likedId, t.createdAt)],
);

/** A member who blocked another: neither sees or contacts the other any more. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/** Cards a member has swiped in the swipe game, so that they do not come back. */
export const swipes = pgTable(
  "swipes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetId: integer("target_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    action: text("action").$type<"like" | "pass">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetId] })],
);
