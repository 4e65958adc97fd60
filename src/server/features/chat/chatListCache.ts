/**
 * GET /api/chats.php keeps, per member and app instance, each conversation's item of the list as JSON
 * text with the version it was built from, and builds on every call only the items whose version
 * changed. Nothing is ever served stale and nothing needs invalidating: every call first reads the
 * versions from the database, which is cheap (one index scan of the member's conversation sides).
 *
 * A version is the row version (PostgreSQL's xmin) of the member's side of the conversation
 * (conversation_members). A message writes both sides (unread count, last message, order), a read or
 * a removal the reader's side, and a change to the partner's card (profile, main photo, status) is
 * written to it by the triggers of migration 0014. Blocks either way leave partners out: the list's
 * `blocks` stamp (over the member's block rows) starts the member's entry afresh when it changes, and
 * so does a new UTC day (the cards' ages change with the date).
 */

/** The most conversations the list shows, newest first. */
export const CHAT_LIST_MAX = 500;
/** Members with more conversations than this are answered without keeping their list. */
export const CHAT_LIST_KEEP_MAX = 2000;
/** About the most the cache holds per instance, in bytes (answers and items); least recently used go first. */
export const CHAT_LIST_CACHE_SIZE = 32 * 1024 * 1024;

/** Today as a number of UTC days since 1970: the day the cards' ages are worked out for. */
export const utcDayNumber = (now = Date.now()) => Math.floor(now / 86_400_000);

/** A conversation's version as read from the member's side of it. */
export interface ListVersion {
  conversation: number;
  version: string;
}

/** A conversation's item built from the list query; `json` null when the list leaves it out. */
export interface ListItem {
  conversation: number;
  version: string;
  /** Time of the last message in microseconds, for the order (newest first). */
  sortAt: number;
  /**
   * The item's JSON in UTF-8. Bytes rather than a string: a serialised string is a tree of pieces,
   * and keeping hundreds of them alive per member filled the old generation (major collections of
   * up to 300 MB in the benchmark); bytes live outside the JavaScript heap.
   */
  json: Buffer | null;
}

interface Kept {
  day: number;
  blocks: string;
  items: Map<number, ListItem>;
  /** The answer, encoded once: a string would cost measuring and encoding its UTF-8 on every call. */
  body: Buffer;
  bytes: number;
}

export class ChatListCache {
  private readonly entries = new Map<number, Kept>();
  private bytes = 0;

  constructor(private readonly maxSize = CHAT_LIST_CACHE_SIZE) {}

  /**
   * The member's list as JSON (UTF-8) for the versions just read: the kept items still current, the
   * others built by `build` (it answers the items of the given conversations, leaving out those the
   * list does not show; `all` when they are all the member's conversations). Keeps the result for the
   * next call.
   */
  async answer(
    memberId: number,
    day: number,
    blocks: string,
    versions: ListVersion[],
    build: (conversations: number[], all: boolean) => Promise<ListItem[]>,
  ): Promise<Buffer> {
    const old = this.entries.get(memberId);
    const kept = old && old.day === day && old.blocks === blocks ? old : undefined;
    const current = new Map<number, string>();
    const stale: number[] = [];
    for (const v of versions) {
      current.set(v.conversation, v.version);
      if (kept?.items.get(v.conversation)?.version !== v.version) stale.push(v.conversation);
    }
    if (kept && stale.length === 0 && kept.items.size === current.size) {
      this.entries.delete(memberId);
      this.entries.set(memberId, kept);
      return kept.body;
    }
    const built = stale.length > 0 ? await build(stale, stale.length === current.size) : [];
    // A new map each time (a kept one is never changed), so that a call of the same member running
    // meanwhile cannot mix into this answer; the last to finish is kept, and checked on the next call.
    const items = new Map<number, ListItem>();
    for (const [conversation, version] of current) {
      const item = kept?.items.get(conversation);
      // A stale conversation the build leaves out is not shown (partner disabled or blocked, or the
      // conversation removed meanwhile): kept as such under the version read, until that changes.
      items.set(conversation, item?.version === version ? item : { conversation, version, sortAt: 0, json: null });
    }
    for (const item of built) items.set(item.conversation, item);
    const body = bodyOf(items.values());
    this.store(memberId, { day, blocks, items, body, bytes: body.length + sumOfItems(items) });
    return body;
  }

  delete(memberId: number): void {
    const old = this.entries.get(memberId);
    if (!old) return;
    this.entries.delete(memberId);
    this.bytes -= old.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(memberId: number, kept: Kept): void {
    this.delete(memberId);
    if (kept.bytes > this.maxSize) return;
    this.entries.set(memberId, kept);
    this.bytes += kept.bytes;
    for (const [id, old] of this.entries) {
      if (this.bytes <= this.maxSize) break;
      this.entries.delete(id);
      this.bytes -= old.bytes;
    }
  }
}

const OPEN = Buffer.from('{"chats":[');
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]}");

/** The answer from the items: the newest CHAT_LIST_MAX shown, newest first. */
export function bodyOf(items: Iterable<ListItem>): Buffer {
  const shown: ListItem[] = [];
  for (const item of items) if (item.json !== null) shown.push(item);
  shown.sort((a, b) => b.sortAt - a.sortAt || b.conversation - a.conversation);
  const parts: Buffer[] = [OPEN];
  for (let i = 0; i < shown.length && i < CHAT_LIST_MAX; i++) {
    if (i) parts.push(COMMA);
    parts.push(shown[i].json as Buffer);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

function sumOfItems(items: Map<number, ListItem>): number {
  let bytes = 0;
  for (const item of items.values()) bytes += (item.json?.length ?? 0) + 64;
  return bytes;
}
