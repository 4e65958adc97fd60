import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CallMedia, CallStatus } from "../../../common/callRules";
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

/** `call`: a call's entry, written when it ends (body: its outcome, attachment: its media, duration: how long it was talked). */
export type MessageKind = "text" | "photo" | "gift" | "voice" | "call";

/** A message's harassment nudge for its recipient (messages.nudge). */
export type MessageNudge = "asked" | "dismissed";

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
    /**
     * Harassment nudge (issue 22, src/common/harassment.ts): "asked" when a text that looks insulting or
     * sexual was sent to a member who had not written in the conversation yet (its recipient is asked
     * "Does this bother you?"), "dismissed" once they answered "No, it's fine" or reported it; null for none.
     */
    nudge: text("nudge").$type<MessageNudge>(),
    /** A photo the nudity model flagged (common/photoSafety.ts): its recipient sees it blurred until they choose to view it. */
    photoFlagged: boolean("photo_flagged").notNull().default(false),
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
 * A call between the two members of a conversation (issue 22). While it rings or talks its status is
 * `ringing` or `active`; then one of the outcomes (common/callRules.ts). A member is in at most one
 * live call; the sides' `alive` times tell the server which live call lost a side.
 */
export const calls = pgTable(
  "calls",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    callerId: integer("caller_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    calleeId: integer("callee_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    media: text("media").$type<CallMedia>().notNull(),
    status: text("status").$type<CallStatus>().notNull().default("ringing"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Credits a started minute costs the caller: the site's price when the call began. */
    minuteCredits: integer("minute_credits").notNull().default(0),
    /** Started minutes charged to the caller so far. */
    minutesCharged: integer("minutes_charged").notNull().default(0),
    callerAliveAt: timestamp("caller_alive_at", { withTimezone: true }).notNull().defaultNow(),
    calleeAliveAt: timestamp("callee_alive_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("calls_conversation_idx").on(t.conversationId),
    // The live calls of a member (few rows: a partial index each way).
    index("calls_live_caller_idx").on(t.callerId).where(sql`status IN ('ringing', 'active')`),
    index("calls_live_callee_idx").on(t.calleeId).where(sql`status IN ('ringing', 'active')`),
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
