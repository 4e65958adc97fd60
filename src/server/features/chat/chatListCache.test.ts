import { describe, expect, it } from "vitest";
import { bodyOf, CHAT_LIST_MAX, ChatListCache, type ListItem, type ListVersion, utcDayNumber } from "./chatListCache";

/** A stand-in for the list query: items for the asked conversations, from a table of what it shows. */
function builder(table: Map<number, { version: string; sortAt: number; name: string } | null>) {
  const asked: number[][] = [];
  const build = async (ids: number[]): Promise<ListItem[]> => {
    asked.push([...ids].sort((a, b) => a - b));
    const items: ListItem[] = [];
    for (const id of ids) {
      const row = table.get(id);
      if (row)
        items.push({ conversation: id, version: row.version, sortAt: row.sortAt, json: Buffer.from(JSON.stringify({ conversation: id, name: row.name })) });
    }
    return items;
  };
  return { asked, build };
}
const versionsOf = (table: Map<number, { version: string } | null>, hidden: number[] = []): ListVersion[] =>
  [...table].filter(([id]) => !hidden.includes(id)).map(([conversation, row]) => ({ conversation, version: row?.version ?? "x" }));
const names = (body: Buffer) => (JSON.parse(body.toString()) as { chats: Array<{ name: string }> }).chats.map((c) => c.name);

describe("ChatListCache", () => {
  it("builds every item once, then only the conversations whose version changed", async () => {
    const table = new Map([
      [1, { version: "1", sortAt: 10, name: "Ann" }],
      [2, { version: "1", sortAt: 30, name: "Bea" }],
      [3, { version: "1", sortAt: 20, name: "Cas" }],
    ]);
    const { asked, build } = builder(table);
    const cache = new ChatListCache();
    expect(names(await cache.answer(7, 100, "b", versionsOf(table), build))).toEqual(["Bea", "Cas", "Ann"]);
    expect(names(await cache.answer(7, 100, "b", versionsOf(table), build))).toEqual(["Bea", "Cas", "Ann"]);
    expect(asked).toEqual([[1, 2, 3]]);
    table.set(1, { version: "2", sortAt: 40, name: "Ann" });
    expect(names(await cache.answer(7, 100, "b", versionsOf(table), build))).toEqual(["Ann", "Bea", "Cas"]);
    expect(asked).toEqual([[1, 2, 3], [1]]);
  });

  it("drops a conversation no longer listed, and keeps one the list leaves out as such until its version changes", async () => {
    const table = new Map<number, { version: string; sortAt: number; name: string } | null>([
      [1, { version: "1", sortAt: 10, name: "Ann" }],
      [2, { version: "1", sortAt: 30, name: "Bea" }],
    ]);
    const { asked, build } = builder(table);
    const cache = new ChatListCache();
    await cache.answer(7, 100, "b", versionsOf(table), build);
    expect(names(await cache.answer(7, 100, "b", versionsOf(table, [2]), build))).toEqual(["Ann"]);
    // Left out by the list query (say, the partner's profile disabled: the version changed with it).
    table.set(1, null);
    const disabled = [
      { conversation: 1, version: "2" },
      { conversation: 2, version: "1" },
    ];
    expect(names(await cache.answer(7, 100, "b", disabled, build))).toEqual(["Bea"]);
    expect(names(await cache.answer(7, 100, "b", disabled, build))).toEqual(["Bea"]);
    expect(asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
    table.set(1, { version: "3", sortAt: 50, name: "Ann" });
    expect(names(await cache.answer(7, 100, "b", versionsOf(table), build))).toEqual(["Ann", "Bea"]);
  });

  it("starts afresh on a new day (ages) and when the blocks changed, and keeps members apart", async () => {
    const table = new Map([[1, { version: "1", sortAt: 10, name: "Ann" }]]);
    const { asked, build } = builder(table);
    const cache = new ChatListCache();
    await cache.answer(7, 100, "b", versionsOf(table), build);
    await cache.answer(7, 101, "b", versionsOf(table), build);
    await cache.answer(7, 101, "b2", versionsOf(table), build);
    await cache.answer(8, 101, "b2", versionsOf(table), build);
    await cache.answer(7, 101, "b2", versionsOf(table), build);
    expect(asked).toEqual([[1], [1], [1], [1]]);
  });

  it("drops the least recently used members first when over its size", async () => {
    const table = new Map([[1, { version: "1", sortAt: 10, name: "A".repeat(40) }]]);
    const { asked, build } = builder(table);
    const cache = new ChatListCache(450);
    await cache.answer(1, 100, "b", versionsOf(table), build);
    await cache.answer(2, 100, "b", versionsOf(table), build);
    await cache.answer(1, 100, "b", versionsOf(table), build);
    await cache.answer(3, 100, "b", versionsOf(table), build);
    expect(cache.size).toBe(2);
    await cache.answer(1, 100, "b", versionsOf(table), build);
    expect(asked).toHaveLength(3);
    await cache.answer(2, 100, "b", versionsOf(table), build);
    expect(asked).toHaveLength(4);
  });

  it("shows at most the newest CHAT_LIST_MAX, as JSON", () => {
    const items = Array.from({ length: CHAT_LIST_MAX + 5 }, (_, i) => ({
      conversation: i + 1,
      version: "1",
      sortAt: i,
      json: Buffer.from(`{"conversation":${i + 1}}`),
    }));
    const chats = (JSON.parse(bodyOf(items).toString()) as { chats: Array<{ conversation: number }> }).chats;
    expect(chats).toHaveLength(CHAT_LIST_MAX);
    expect(chats[0].conversation).toBe(CHAT_LIST_MAX + 5);
    expect(bodyOf([]).toString()).toBe('{"chats":[]}');
  });

  it("numbers UTC days", () => {
    expect(utcDayNumber(Date.UTC(1970, 0, 1, 23, 59))).toBe(0);
    expect(utcDayNumber(Date.UTC(2026, 10, 22, 0, 0)) - utcDayNumber(Date.UTC(2026, 10, 21, 23, 59))).toBe(1);
  });
});
