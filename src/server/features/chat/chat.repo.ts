import { and, count, desc, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { conversationMembers, conversations, messages } from "../../db/schema";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const pairOf = (a: number, b: number) => (a < b ? { memberA: a, memberB: b } : { memberA: b, memberB: a });

export async function findConversation(db: Db, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

export async function findConversationBetween(db: Db, a: number, b: number): Promise<ConversationRow | null> {
  const pair = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.memberA, pair.memberA), eq(conversations.memberB, pair.memberB)));
  return row ?? null;
}

/** Creates the pair's conversation, or finds it when it exists (two first messages at once). */
export async function openConversation(db: Db, siteId: number, from: number, to: number): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [created] = await db
    .insert(conversations)
    .values({ siteId, ...pairOf(from, to), startedBy: from })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await db.insert(conversationMembers).values([
      { conversationId: created.id, memberId: from },
      { conversationId: created.id, memberId: to },
    ]);
    return { conversation: created, created: true };
  }
  return { conversation: (await findConversationBetween(db, from, to)) as ConversationRow, created: false };
}

/** Conversations a member started (a free member may start only a few). */
export async function countStartedBy(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.startedBy, memberId));
  return Number(row.n);
}

export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  await db.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, row.conversationId));
  // The recipient gets one more unread message; both see the conversation in their list again.
  await db
    .update(conversationMembers)
    .set({
      unread: sql`CASE WHEN ${conversationMembers.memberId} = ${row.senderId} THEN 0 ELSE ${conversationMembers.unread} + 1 END`,
      readUpTo: sql`CASE WHEN ${conversationMembers.memberId} = ${row.senderId} THEN ${row.id} ELSE ${conversationMembers.readUpTo} END`,
      hidden: false,
    })
    .where(eq(conversationMembers.conversationId, row.conversationId));
  return row;
}

/** The newest `limit` messages, oldest first, and whether older ones exist. */
export async function recentMessages(db: Db, conversationId: number, limit: number): Promise<{ rows: MessageRow[]; olderHidden: boolean }> {
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), olderHidden: rows.length > limit };
}

/** Marks every message of the conversation read by the member; answers up to which message id. */
export async function markRead(db: Db, conversationId: number, memberId: number): Promise<number> {
  const [row] = await db
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: sql`(SELECT coalesce(max(id), 0) FROM messages WHERE conversation_id = ${conversationId})` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)))
    .returning({ readUpTo: conversationMembers.readUpTo });
  return row?.readUpTo ?? 0;
}

export async function readUpToOf(db: Db, conversationId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
  return row?.readUpTo ?? 0;
}

export async function hideConversation(db: Db, conversationId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ hidden: true, unread: 0 })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)))
    .returning({ id: conversationMembers.conversationId });
  return rows.length > 0;
}

export interface ConversationListRow {
  id: number;
  member_a: number;
  member_b: number;
  unread: number;
  last_id: number | null;
  last_sender: number | null;
  last_kind: "text" | "photo" | "gift" | null;
  last_body: string | null;
  last_at: string | null;
}

/** A member's conversations in the list (not removed), newest first, with the last message of each. */
export async function listConversations(db: Db, memberId: number): Promise<ConversationListRow[]> {
  return rowsOf<ConversationListRow>(
    await db.execute(sql`
      SELECT c.id, c.member_a, c.member_b, cm.unread,
        m.id AS last_id, m.sender_id AS last_sender, m.kind AS last_kind, m.body AS last_body,
        to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_at
      FROM conversation_members cm
      JOIN conversations c ON c.id = cm.conversation_id
      LEFT JOIN LATERAL (SELECT id, sender_id, kind, body, created_at FROM messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) m ON true
      WHERE cm.member_id = ${memberId} AND NOT cm.hidden
      ORDER BY c.last_message_at DESC
      LIMIT 500`),
  );
}

/** The conversation a chat photo was sent in (who may fetch it), found by the photo's file id. */
export async function findChatPhotoConversation(db: Db, photoId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select({ conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.kind, "photo"), eq(messages.attachment, photoId)))
    .limit(1);
  return row?.conversation ?? null;
}
