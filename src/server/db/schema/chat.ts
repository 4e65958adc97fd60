import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sites } from "./sites";
import { profiles } from "./users";

/** A conversation between two members; memberA has the lower id, so a pair has one conversation. */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    memberA: integer("member_a")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    memberB: integer("member_b")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    startedBy: integer("started_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("conversations_pair_key").on(t.memberA, t.memberB)],
);

/** One member's side of a conversation: unread count, and whether they removed it from their list. */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    unread: integer("unread").notNull().default(0),
    /** Removed from the list; a new message brings it back. */
    hidden: boolean("hidden").notNull().default(false),
    /** Messages up to this id are read. */
    readUpTo: integer("read_up_to").notNull().default(0),
    /** The newest message this member was told about by e-mail: one mail per conversation until they read it. */
    notifiedUpTo: integer("notified_up_to").notNull().default(0),
    /**
     * When the other member's card (name, photo, age, place, status) last changed: set by the triggers
     * of migration 0014 so that this row, and with it the version the conversation list keeps
     * (ChatListCache), changes whenever anything shown in this member's list does.
     */
    partnerCardAt: timestamp("partner_card_at", { withTimezone: true }),
    /** In the member's Hidden folder: a new contact's message held one of their hidden words (issue 22). */
    inHiddenFolder: boolean("in_hidden_folder").notNull().default(false),
    /** The member moved it back to the inbox: their hidden words no longer move it. */
    keptInInbox: boolean("kept_in_inbox").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] }), index("conversation_members_member_idx").on(t.memberId)],
);

export type MessageKind = "text" | "photo" | "gift" | "voice";

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MessageKind>().notNull(),
    body: text("body").notNull().default(""),
    /** The photo (chat photos are stored like profile photos), the voice message's file (`<id>.webm` or `<id>.mp4`) or the gift. */
    attachment: text("attachment"),
    /** How long a voice message plays, read from its file by the server. */
    durationMs: integer("duration_ms"),
    credits: integer("credits").notNull().default(0),
    /** Scam signals of a text message (src/common/scamSignals.ts: one bit per kind, 0 for none). */
    scamSignals: integer("scam_signals").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    // Moderators count a member's messages with scam signals (few rows: a partial index).
    index("messages_scam_idx").on(t.senderId).where(sql`scam_signals <> 0`),
    // Who may fetch a chat photo: found by its file id.
    index("messages_photo_idx").on(t.attachment).where(sql`kind = 'photo'`),
    // Who may fetch a voice message: found by its file name.
    index("messages_voice_idx").on(t.attachment).where(sql`kind = 'voice'`),
  ],
);

/**
 * A member's hidden words (issue 22): an entry as they typed it, and its key (common/hiddenWords.ts:
 * folded words), unique per member.
 */
export const hiddenWords = pgTable(
  "hidden_words",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    word: text("word").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
