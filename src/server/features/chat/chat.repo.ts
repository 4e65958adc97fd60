import { CARD_COLUMNS, type RawCard } from "../members/members.repo";
import { CHAT_LIST_MAX, type ListVersion } from "./chatListCache";
import { and, count, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { type Db, isUniqueViolation, preparedRows } from "../../db/client";
import { moveCreditsParts } from "../credits/ledger";
import { keyAnswerPart } from "../credits/idempotency";
import { notificationJobsPart } from "../notifications/notify";
import { conversationMembers, conversations, type MessageKind, messages, profiles, users } from "../../db/schema";
import { blockedBySql, blocksStampText, notBlockedEitherWayText, reachableText, visibilityFactsColumns, type WriteTarget } from "../members/access";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const pairOf = (a: number, b: number) => (a < b ? { memberA: a, memberB: b } : { memberA: b, memberB: a });

export async function findConversation(db: Db, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

/** The conversation a message is in, or null. */
export async function conversationOfMessage(db: Db, messageId: number): Promise<number | null> {
  const [row] = await db.select({ conversationId: messages.conversationId }).from(messages).where(eq(messages.id, messageId));
  return row?.conversationId ?? null;
}

/**
 * Marks the harassment nudge of a message from `senderId` as answered by its recipient ("No, it's fine"
 * or a report, issue 22): they are not asked again. Answers whether the message has a nudge at all.
 */
export async function settleNudge(db: Db, messageId: number, senderId: number): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ nudge: "dismissed" })
    .where(and(eq(messages.id, messageId), eq(messages.senderId, senderId), isNotNull(messages.nudge)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function findConversationBetween(db: Db, a: number, b: number): Promise<ConversationRow | null> {
  const pair = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.memberA, pair.memberA), eq(conversations.memberB, pair.memberB)));
  return row ?? null;
}

function writeTargetQuery(db: Db) {
  const writer = sql.placeholder("writer");
  const to = sql.placeholder("to");
  return db
    .select({
      siteId: users.siteId,
      status: users.status,
      profileSiteId: profiles.siteId,
      facts: visibilityFactsColumns(writer, to),
      blockedByWriter: blockedBySql(writer, to),
      hasConversation: sql<boolean>`EXISTS (SELECT 1 FROM conversations WHERE member_a = ${sql.placeholder("memberA")} AND member_b = ${sql.placeholder("memberB")})`,
      hiddenWords: sql<string[]>`ARRAY(SELECT key FROM hidden_words WHERE member_id = ${to})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, to))
    .prepare("write_target");
}

// Every send runs this query: prepared once per database, it is neither built nor planned again.
const preparedWriteTarget = new WeakMap<Db, ReturnType<typeof writeTargetQuery>>();

/** What a send needs to know of its recipient: whether the writer may write to them, and their hidden words' keys. */
export type SendTarget = WriteTarget & { hiddenWords: string[] };

export async function findWriteTarget(db: Db, writerId: number, siteId: number, to: number): Promise<SendTarget> {
  let query = preparedWriteTarget.get(db);
  if (!query) {
    query = writeTargetQuery(db);
    preparedWriteTarget.set(db, query);
  }
  const [row] = await query.execute({ writer: writerId, to, ...pairOf(writerId, to) });
  if (!row) return { account: null, visibility: undefined, blockedByWriter: false, hasConversation: false, hiddenWords: [] };
  return {
    account: { siteId: row.siteId, status: row.status, name: row.facts.name },
    visibility: row.profileSiteId === siteId ? row.facts : undefined,
    blockedByWriter: row.blockedByWriter,
    hasConversation: row.hasConversation,
    hiddenWords: row.hiddenWords,
  };
}

/**
 * Creates the pair's conversation with both members' sides, or finds it when it exists, in one
 * statement, after taking the writer's row lock (`users`, FOR UPDATE: the insert reads it first), so
 * that one member's sends in other transactions wait until this one ends. The statement's snapshot
 * cannot see a conversation that a concurrent first message committed while this one waited; only
 * then does a second read find it.
 */
export async function openConversation(db: Db, siteId: number, from: number, to: number): Promise<{ conversationId: number; created: boolean }> {
  const pair = pairOf(from, to);
  const [row] = await preparedRows<{ id: number; created: boolean }>(db, "chat_open", OPEN_CONVERSATION, [siteId, pair.memberA, pair.memberB, from, to]);
  if (row) return { conversationId: row.id, created: row.created };
  const existing = await findConversationBetween(db, from, to);
  if (!existing) throw new Error(`conversation of ${from} and ${to} neither created nor found`);
  return { conversationId: existing.id, created: false };
}

const OPEN_CONVERSATION = `
  WITH writer AS (
    SELECT id FROM users WHERE id = $4 FOR UPDATE),
  created AS (
    INSERT INTO conversations (site_id, member_a, member_b, started_by)
    SELECT $1, $2, $3, writer.id FROM writer
    ON CONFLICT DO NOTHING
    RETURNING id),
  sides AS (
    INSERT INTO conversation_members (conversation_id, member_id)
    SELECT created.id, side.member_id FROM created, (VALUES ($4::int), ($5::int)) AS side(member_id))
  SELECT id, true AS created FROM created
  UNION ALL
  SELECT id, false AS created FROM conversations WHERE member_a = $2 AND member_b = $3`;

/** Conversations a member started (a free member may start only a few). */
export async function countStartedBy(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.startedBy, memberId));
  return Number(row.n);
}

/**
 * A new message: what its sender decided; id, time and nudge come from the database. `hide`: it holds one of
 * the recipient's hidden words (for the recipient's Hidden folder, when the sender is a new contact).
 */
export type NewMessage = Pick<
  MessageRow,
  "conversationId" | "senderId" | "kind" | "body" | "attachment" | "credits" | "scamSignals" | "durationMs" | "photoFlagged"
> & {
  hide: boolean;
  /** It looks insulting or sexual: its recipient is asked about it if they have not written yet (nudgeOf). */
  harassing: boolean;
};

/** A message row as the statements below answer it (ids may come as strings, times as text on PGlite). */
interface RawMessage {
  id: number | string;
  conversation_id: number;
  sender_id: number;
  kind: MessageRow["kind"];
  body: string;
  attachment: string | null;
  credits: number;
  scam_signals: number;
  duration_ms: number | null;
  nudge: MessageRow["nudge"];
  photo_flagged: boolean;
  created_at: Date | string;
}

const messageOf = (row: RawMessage): MessageRow => ({
  id: Number(row.id),
  conversationId: row.conversation_id,
  senderId: row.sender_id,
  kind: row.kind,
  body: row.body,
  attachment: row.attachment,
  credits: row.credits,
  scamSignals: row.scam_signals,
  durationMs: row.duration_ms,
  nudge: row.nudge,
  photoFlagged: row.photo_flagged,
  createdAt: new Date(row.created_at),
});

/** A time as the API writes it (Date.toISOString: UTC, milliseconds). */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The WITH parts that store a message (`inserted`, from `select`: conversation, sender, kind, body,
 * attachment, credits, scam signals, duration) and move the conversation up both lists: the recipient gets one more unread
 * message, the sender has read up to it, and a removed conversation comes back. Data-modifying WITH
 * parts run to completion whether or not the final SELECT reads them.
 *
 * Hidden words (issue 22): when `hide` (an SQL boolean) is true, the recipient's side goes to their
 * Hidden folder if they have sent nothing in the conversation yet (a new contact) and did not move it
 * back to the inbox; a side in the folder stays there. Sending moves the sender's side back to the
 * inbox. `sides` answers each side's folder.
 */
function messageParts(select: string, hide: string): string {
  return `
  inserted AS (
    INSERT INTO messages (conversation_id, sender_id, kind, body, attachment, credits, scam_signals, duration_ms, nudge, photo_flagged)
    ${select}
    RETURNING id, conversation_id, sender_id, kind, body, attachment, credits, scam_signals, duration_ms, nudge, photo_flagged, created_at),
  touched AS (
    UPDATE conversations c SET last_message_at = i.created_at FROM inserted i WHERE c.id = i.conversation_id),
  sides AS (
    UPDATE conversation_members cm SET
      unread = CASE WHEN cm.member_id = i.sender_id THEN 0 ELSE cm.unread + 1 END,
      read_up_to = CASE WHEN cm.member_id = i.sender_id THEN i.id ELSE cm.read_up_to END,
      hidden = false,
      in_hidden_folder = CASE
        WHEN cm.member_id = i.sender_id THEN false
        WHEN cm.in_hidden_folder OR cm.kept_in_inbox OR NOT ${hide} THEN cm.in_hidden_folder
        ELSE NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = i.conversation_id AND m.sender_id = cm.member_id) END
    FROM inserted i WHERE cm.conversation_id = i.conversation_id
    RETURNING cm.in_hidden_folder)`;
}

/**
 * A new message's nudge (SQL): "asked" when `harassing` (an SQL boolean: the text looks insulting or
 * sexual) and the recipient has sent nothing in the conversation yet (issue 22), else null.
 */
function nudgeOf(conversation: string, sender: string, harassing: string): string {
  return `CASE WHEN ${harassing} AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversation} AND m.sender_id <> ${sender}) THEN 'asked' END`;
}

/**
 * Stores a message and moves its conversation up both lists (messageParts), in the caller's
 * transaction. Plain SQL, a named prepared statement: building it with the query builder cost more
 * than running it.
 */
export async function insertMessage(db: Db, m: NewMessage): Promise<{ message: MessageRow; hidden: boolean }> {
  const [row] = await preparedRows<RawMessage & { hidden: boolean }>(db, "chat_insert_message", INSERT_MESSAGE, [
    m.conversationId,
    m.senderId,
    m.kind,
    m.body,
    m.attachment,
    m.credits,
    m.scamSignals,
    m.durationMs,
    m.hide,
    m.harassing,
    m.photoFlagged,
  ]);
  return { message: messageOf(row), hidden: row.hidden === true };
}

// `hidden`: the message went to the recipient's Hidden folder (the sender's side is never in it).
const INSERT_MESSAGE = `WITH ${messageParts(`SELECT $1::int, $2::int, $3, $4, $5, $6::int, $7::int, $8::int, ${nudgeOf("$1::int", "$2::int", "$10::boolean")}, $11::boolean`, "$9::boolean")}
  SELECT inserted.*, (SELECT bool_or(in_hidden_folder) FROM sides) AS hidden FROM inserted`;

/** A message sent in one statement (sendMessage). */
export interface MessageSend {
  siteId: number;
  from: number;
  to: number;
  /** The sender may start a conversation here (premium: no count of started conversations to keep). */
  mayStart: boolean;
  kind: MessageRow["kind"];
  body: string;
  attachment: string | null;
  /** Scam signals of the text (scamMask of scamSignals). */
  scamSignals: number;
  /** How long a voice message plays; null for the other kinds. */
  durationMs: number | null;
  /** A photo the nudity model flagged (common/photoSafety.ts); false for the other kinds. */
  photoFlagged: boolean;
  /** The text holds one of the recipient's hidden words (see messageParts). */
  hide: boolean;
  /** The text looks insulting or sexual (src/common/harassment.ts; see nudgeOf). */
  harassing: boolean;
  /** Credits the message costs (spent with a ledger row for `reason`). */
  cost: number;
  reason: "message" | "gift" | "photo" | "voice";
  idempotencyKey: string | null;
  /** The API's message object of the answer, but for id, conversation and time (the database's). */
  answerDraft: object;
  /** The notification jobs' payload, but for conversation and message id. */
  notificationDraft: object;
  mailDelayMs: number;
}

export type MessageSendResult =
  | { outcome: "sent"; message: MessageRow; balance: number; due: boolean }
  /** A committed call with the same Idempotency-Key answered this (its text). */
  | { outcome: "repeated"; answer: string }
  | { outcome: "not_enough_credits" }
  /**
   * Nothing done: a first message the statement may not start a conversation for (a free member's,
   * whose started conversations are counted; or too few credits), or the other member started the
   * conversation at the same moment. The longer steps in a transaction decide.
   */
  | { outcome: "longer_steps" };

/**
 * Sends a message as one statement, which is its own transaction: spend the credits with their
 * ledger row, start the conversation if the pair has none (only when `mayStart`), store the message
 * and move the conversation up both lists, queue the notification jobs, and store the answer under
 * the Idempotency-Key. Each step reads the one before it, so a refused spend stores nothing. The
 * spend takes the sender's row lock first, so one member's sends go one at a time and the balance
 * never goes below zero. A key whose answer is committed answers as before and changes nothing; a
 * concurrent call with the same key that commits first makes this statement fail as a whole
 * (isKeyTaken). A conversation of the pair that another transaction starts meanwhile makes it fail
 * too (isPairTaken): nothing of it stays, and the longer steps find that conversation.
 *
 * One round trip instead of eight to ten (BEGIN, key claim, conversation, credits, message, jobs,
 * key answer, COMMIT): at hundreds of messages a second, the round trips were most of the
 * database's and the app's work per message.
 */
export async function sendMessage(db: Db, s: MessageSend): Promise<MessageSendResult> {
  const pair = pairOf(s.from, s.to);
  const [row] = await preparedRows<
    { conversation: number | null; stored: string | null; balance: number | null; due: boolean | null } & ({ id: null } | RawMessage)
  >(db, "chat_send_message", SEND_MESSAGE, [
    s.from,
    pair.memberA,
    pair.memberB,
    -s.cost,
    s.reason,
    s.kind,
    s.body,
    s.attachment,
    s.cost,
    s.idempotencyKey,
    JSON.stringify(s.answerDraft),
    JSON.stringify(s.notificationDraft),
    s.to,
    s.mailDelayMs,
    s.mayStart,
    s.siteId,
    s.scamSignals,
    s.durationMs,
    s.hide,
    s.harassing,
    s.photoFlagged,
  ]);
  if (row.stored !== null) return { outcome: "repeated", answer: row.stored };
  if (row.conversation === null) return { outcome: "longer_steps" };
  if (row.id === null || row.balance === null) return { outcome: "not_enough_credits" };
  return { outcome: "sent", message: messageOf(row), balance: row.balance, due: row.due === true };
}

/** Whether a statement failed because another transaction started the pair's conversation first. */
export const isPairTaken = (err: unknown) => isUniqueViolation(err, "conversations_pair_key");

// A conversation started here is inserted as it ends up: its last message time is the message's
// (both now(), the transaction's time), and both sides are inserted with the message counted (and the
// recipient's in their Hidden folder when `hide`: everyone is a new contact there), since the UPDATEs
// of messageParts cannot see rows inserted by the same statement. No notification is queued for a
// message that went to the recipient's Hidden folder.
const SEND_MESSAGE = `
  WITH existing AS (
    SELECT id FROM conversations WHERE member_a = $2 AND member_b = $3),
  stored AS (
    SELECT response FROM idempotent_requests WHERE user_id = $1 AND key = $10),
  ${moveCreditsParts({
    user: "$1",
    delta: "$4::int",
    reason: "$5",
    ref: "NULL",
    when: "(EXISTS (SELECT 1 FROM existing) OR $15::boolean) AND NOT EXISTS (SELECT 1 FROM stored)",
  })},
  created AS (
    INSERT INTO conversations (site_id, member_a, member_b, started_by)
    SELECT $16::int, $2, $3, $1 FROM moved WHERE NOT EXISTS (SELECT 1 FROM existing)
    RETURNING id),
  conv AS (
    SELECT id FROM existing UNION ALL SELECT id FROM created),
  ${messageParts(`SELECT conv.id, $1, $6, $7, $8, $9::int, $17::int, $18::int, ${nudgeOf("conv.id", "$1", "$20::boolean")}, $21::boolean FROM conv, moved`, "$19::boolean")},
  created_sides AS (
    INSERT INTO conversation_members (conversation_id, member_id, unread, read_up_to, in_hidden_folder)
    SELECT c.id, side.member_id, CASE WHEN side.member_id = $1 THEN 0 ELSE 1 END, CASE WHEN side.member_id = $1 THEN i.id ELSE 0 END,
      side.member_id <> $1 AND $19::boolean
    FROM created c JOIN inserted i ON i.conversation_id = c.id, (VALUES ($1::int), ($13::int)) AS side(member_id)
    RETURNING in_hidden_folder),
  ${notificationJobsPart({
    source: `(SELECT * FROM inserted WHERE NOT EXISTS (SELECT 1 FROM sides WHERE in_hidden_folder)
      AND NOT EXISTS (SELECT 1 FROM created_sides WHERE in_hidden_folder)) i`,
    payload: "$12::jsonb || jsonb_build_object('conversation', i.conversation_id, 'message', i.id)",
    to: "$13",
    delayMs: "$14",
  })},
  ${keyAnswerPart({
    source: "inserted i, moved m",
    user: "$1",
    key: "$10",
    response: `jsonb_build_object('message', $11::jsonb || jsonb_build_object('id', i.id, 'conversation', i.conversation_id, 'created_at', ${isoTime("i.created_at")}), 'credits', m.credits)::text`,
  })}
  SELECT (SELECT id FROM conv) AS conversation, (SELECT response FROM stored) AS stored, m.credits AS balance,
    (SELECT bool_or(due) FROM jobs) AS due, i.*
  FROM (SELECT 1) AS one LEFT JOIN moved m ON true LEFT JOIN inserted i ON true`;

/** The newest `limit` messages, oldest first, and whether older ones exist. */
/** The newest `limit` messages, oldest first, and whether there are older ones. */
export async function recentMessages(db: Db, conversationId: number, limit: number): Promise<{ rows: MessageRow[]; older: boolean }> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), older: rows.length > limit };
}

/** Marks every message of the conversation read by the member; answers up to which message id. */
/**
 * Moves a conversation from the member's Hidden folder back to their inbox, where their hidden words
 * no longer move it (issue 22); answers whether it was in the folder.
 */
export async function keepInInbox(db: Db, conversationId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ inHiddenFolder: false, keptInInbox: true })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId), eq(conversationMembers.inHiddenFolder, true)),
    )
    .returning({ id: conversationMembers.conversationId });
  return rows.length > 0;
}

/**
 * Sets a member's unread count to 0 and their read position to the newest message. Returns the new
 * position when it moved, else null: only a move is news for the partner, so opening a conversation
 * again and again (a client that reloads on every read receipt) sends nobody anything.
 */
export async function markRead(db: Db, conversationId: number, memberId: number): Promise<number | null> {
  const newest = sql`(SELECT coalesce(max(id), 0) FROM messages WHERE conversation_id = ${conversationId})`;
  const [row] = await db
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: newest })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, memberId),
        or(sql`${conversationMembers.unread} <> 0`, sql`${conversationMembers.readUpTo} < ${newest}`),
      ),
    )
    .returning({ readUpTo: conversationMembers.readUpTo });
  return row?.readUpTo ?? null;
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

export interface ConversationListRow extends RawCard {
  conversation_id: number;
  unread: number;
  /** In the member's Hidden folder (issue 22). */
  in_hidden_folder: boolean;
  last_id: number | null;
  last_sender: number | null;
  last_kind: MessageKind | null;
  last_body: string | null;
  last_at: string | null;
  /** The row version of the member's side of the conversation (see ChatListCache). */
  version: string;
  /** The last message's time in microseconds since 1970 (the list's order). */
  sort_at: string | number;
}

/**
 * A member's newest conversations in the list (not removed), newest first, each with the partner's
 * card and the last message, in one query: partners who are disabled, or blocked either way, are left out.
 */
export async function listConversations(db: Db, memberId: number): Promise<ConversationListRow[]> {
  return preparedRows<ConversationListRow>(db, "chat_list", LIST_NEWEST, [memberId]);
}

/** The same for the given conversations of the member (those the list shows), in no order. */
export async function listConversationsByIds(db: Db, memberId: number, conversationIds: number[]): Promise<ConversationListRow[]> {
  return preparedRows<ConversationListRow>(db, "chat_list_by_ids", LIST_BY_IDS, [memberId, `{${conversationIds.join(",")}}`]);
}

/**
 * The version of each conversation in the member's list (not removed; up to `limit`) and the stamp of
 * the blocks either way: a hash over their row versions, which changes with any block or unblock.
 */
export async function conversationVersions(db: Db, memberId: number, limit: number): Promise<{ blocks: string; versions: ListVersion[] }> {
  const rows = await preparedRows<{ blocks: string; conversation_id: number | null; version: string | null }>(db, "chat_list_versions", LIST_VERSIONS, [
    memberId,
    limit,
  ]);
  const versions: ListVersion[] = [];
  for (const r of rows) if (r.conversation_id !== null && r.version !== null) versions.push({ conversation: r.conversation_id, version: r.version });
  return { blocks: rows[0]?.blocks ?? "", versions };
}

const LIST_VERSIONS = `
  SELECT b.stamp AS blocks, cm.conversation_id, cm.xmin::text AS version
  FROM (${blocksStampText("$1")}) b
  LEFT JOIN conversation_members cm ON cm.member_id = $1 AND NOT cm.hidden
  LIMIT $2`;

// Named prepared statements: with 500 conversations, planning the list on each call cost 3.3 ms of
// PostgreSQL's CPU, against 4.2 ms for running it.
const LIST_SELECT = `
  SELECT c.id AS conversation_id, cm.unread, cm.in_hidden_folder, ${CARD_COLUMNS},
    m.id AS last_id, m.sender_id AS last_sender, m.kind AS last_kind, m.body AS last_body,
    ${isoTime("m.created_at")} AS last_at,
    cm.xmin::text AS version, (extract(epoch FROM c.last_message_at) * 1000000)::bigint AS sort_at
  FROM conversation_members cm
  JOIN conversations c ON c.id = cm.conversation_id
  JOIN profiles p ON p.id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END AND ${reachableText("p")}
  LEFT JOIN photos ph ON ph.id = p.main_photo_id
  LEFT JOIN LATERAL (SELECT id, sender_id, kind, body, created_at FROM messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) m ON true
  WHERE cm.member_id = $1 AND NOT cm.hidden
    AND ${notBlockedEitherWayText("$1", "p.id")}`;
const LIST_NEWEST = `${LIST_SELECT} ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${CHAT_LIST_MAX}`;
const LIST_BY_IDS = `${LIST_SELECT} AND cm.conversation_id = ANY($2::int[])`;

/**
 * Who may fetch a chat photo or voice message, found by its file (`attachment`), for one of the two
 * members of its conversation (null for anyone else): the conversation's site, and the other member
 * as the viewer sees them.
 */
export async function findChatFileAccess(db: Db, kind: "photo" | "voice", attachment: string, viewerId: number) {
  const partnerId = sql`CASE WHEN ${conversations.memberA} = ${viewerId} THEN ${conversations.memberB} ELSE ${conversations.memberA} END`;
  const [row] = await db
    .select({
      siteId: conversations.siteId,
      partner: visibilityFactsColumns(viewerId),
      blockedByViewer: blockedBySql(viewerId, profiles.id),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(profiles, eq(profiles.id, partnerId))
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(messages.kind, kind), eq(messages.attachment, attachment), or(eq(conversations.memberA, viewerId), eq(conversations.memberB, viewerId))))
    .limit(1);
  return row ?? null;
}
