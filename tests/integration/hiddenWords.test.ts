import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HIDDEN_WORD_MAX_LENGTH, HIDDEN_WORDS_MAX } from "../../src/common/constants";
import type { ChatsResponse } from "../../src/common/schemas/chat";
import type { HiddenWordsResponse } from "../../src/common/schemas/hiddenWords";
import { rowsOf } from "../../src/server/db/client";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Hidden words (issue 22): a member lists words or phrases; a message from a new contact that holds
// one goes to the member's Hidden folder instead of the inbox: no unread badge, no notification.

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = Awaited<ReturnType<TestApp["loggedIn"]>>;

const db = () => t.testDb.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

const addWord = (client: TestClient, word: string) => client.post<HiddenWordsResponse & ErrorBody>("/api/hiddenwords.php", { word });
const chatsOf = async (client: TestClient) => (await client.get<ChatsResponse>("/api/chats.php")).body.chats;
const send = (client: TestClient, to: number, text: string) => client.post<{ message: { conversation: number } }>("/api/chat.php", { to, text });
/** Notification jobs (mail and push) queued for a member. */
const notificationsTo = async (memberId: number) =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE kind IN ('notify-mail', 'notify-push') AND (payload->>'to')::int = ${memberId}`))[0]
    .n;

async function memberWithWords(words: string[], options: { language?: string } = {}): Promise<Member> {
  const member = await t.loggedIn({ credits: 100, ...options });
  for (const word of words) expect((await addWord(member.client, word)).status).toBe(200);
  return member;
}

describe("the list of hidden words", () => {
  it("is edited by the member: added once whatever the case or accents, removed, and kept as typed", async () => {
    const m = await t.loggedIn();
    expect((await m.client.get<HiddenWordsResponse>("/api/hiddenwords.php")).body).toEqual({ words: [] });
    expect((await addWord(m.client, "  WhatsApp ")).body.words).toEqual(["WhatsApp"]);
    expect((await addWord(m.client, "Western Union")).body.words).toEqual(["WhatsApp", "Western Union"]);
    // The same entry in other capitals or accents, or with other punctuation, is already there.
    expect((await addWord(m.client, "whatsapp")).body.words).toEqual(["WhatsApp", "Western Union"]);
    expect((await addWord(m.client, "western-union")).body.words).toEqual(["WhatsApp", "Western Union"]);
    const removed = await m.client.del<HiddenWordsResponse>(`/api/hiddenwords.php?word=${encodeURIComponent("WHATSAPP")}`);
    expect(removed.status).toBe(200);
    expect(removed.body.words).toEqual(["Western Union"]);
    // Another member's list is their own.
    const other = await t.loggedIn();
    expect((await other.client.get<HiddenWordsResponse>("/api/hiddenwords.php")).body.words).toEqual([]);
    expect((await other.client.del<HiddenWordsResponse>("/api/hiddenwords.php?word=Western%20Union")).body.words).toEqual([]);
    expect((await m.client.get<HiddenWordsResponse>("/api/hiddenwords.php")).body.words).toEqual(["Western Union"]);
  });

  it("refuses an empty entry, one too long, and one more than the limit, in the member's language", async () => {
    const m = await t.loggedIn({ language: "pl" });
    const pl = (client: TestClient) => {
      client.cookies.set("locale", "pl");
      return client;
    };
    const empty = await addWord(pl(m.client), "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.word).toBe("Wpisz słowo lub wyrażenie z co najmniej jedną literą lub cyfrą, w jednym wierszu.");
    const signs = await addWord(m.client, "!!! ❤️");
    expect(signs.status).toBe(400);
    expect(signs.body.error.fields?.word).toContain("co najmniej jedną literą");
    const long = await addWord(m.client, "a".repeat(HIDDEN_WORD_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: "hidden_word_too_long",
      message: `Ukryte słowo lub wyrażenie może mieć najwyżej ${HIDDEN_WORD_MAX_LENGTH} znaków.`,
    });
    expect((await addWord(m.client, "ą".repeat(HIDDEN_WORD_MAX_LENGTH))).status).toBe(200);
    for (let i = 1; i < HIDDEN_WORDS_MAX; i++) expect((await addWord(m.client, `word${i}`)).status).toBe(200);
    const full = await addWord(m.client, "one more");
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({
      code: "hidden_words_full",
      message: `Możesz mieć najwyżej ${HIDDEN_WORDS_MAX} ukrytych słów. Najpierw usuń jedno, którego już nie potrzebujesz.`,
    });
    // An entry already listed is no new one.
    expect((await addWord(m.client, "WORD1")).status).toBe(200);
    expect((await m.client.get<HiddenWordsResponse>("/api/hiddenwords.php")).body.words).toHaveLength(HIDDEN_WORDS_MAX);
  });

  it("is for members only", async () => {
    const visitor = t.client();
    expect((await visitor.get("/api/hiddenwords.php")).status).toBe(403);
    expect((await visitor.post("/api/hiddenwords.php", { word: "cash" })).status).toBe(403);
  });
});

/** A premium sender's first message goes in one statement, a free sender's in the longer steps: both must hide it. */
async function goesHidden(paid: boolean): Promise<void> {
  const anna = await memberWithWords(["cash app", "Überweisung"]);
  const bram = await t.loggedIn({ credits: 100, paidUser: paid });
  const listBefore = await chatsOf(anna.client);
  const sent = await send(bram.client, anna.id, "Hi! Can you send me money via Cash-App?");
  // The sender sees a delivered message, as ever, and their own inbox.
  expect(sent.status).toBe(200);
  expect((await chatsOf(bram.client)).find((c) => c.profile === anna.id)).toMatchObject({ folder: "inbox", num_unread_messages: 0 });
  // Anna's list (its kept answer) shows it in Hidden at once.
  expect(listBefore).toEqual([]);
  const [item] = await chatsOf(anna.client);
  expect(item).toMatchObject({ conversation: sent.body.message.conversation, folder: "hidden", num_unread_messages: 1 });
  expect(await notificationsTo(anna.id)).toBe(0);
  // A further message of his, with or without a hidden word, stays there, still announced to nobody.
  expect((await send(bram.client, anna.id, "Hello?")).status).toBe(200);
  expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "hidden", num_unread_messages: 2 });
  expect(await notificationsTo(anna.id)).toBe(0);
  // Opening it works as ever.
  const opened = await anna.client.get<{ messages: unknown[] }>(`/api/chat.php?id=${item.conversation}`);
  expect(opened.status).toBe(200);
  expect(opened.body.messages).toHaveLength(2);
  expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "hidden", num_unread_messages: 0 });
}

describe("a message from a new contact", () => {
  it("goes to the Hidden folder when it holds a hidden word, with no unread badge and no notification (premium sender)", () => goesHidden(true));
  it("goes to the Hidden folder when it holds a hidden word, with no unread badge and no notification (free sender)", () => goesHidden(false));

  it("goes to the inbox, and is announced, when it holds none (case, accents and whole words)", async () => {
    const anna = await memberWithWords(["cash"]);
    const bram = await t.loggedIn({ credits: 100, paidUser: true });
    expect((await send(bram.client, anna.id, "I love cashews and the cashier")).status).toBe(200);
    expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "inbox", num_unread_messages: 1 });
    expect(await notificationsTo(anna.id)).toBeGreaterThan(0);
  });

  it("matches whatever the case and accents, in the member's language", async () => {
    const zofia = await memberWithWords(["przelew", "Łódź"], { language: "pl" });
    const bram = await t.loggedIn({ credits: 100, paidUser: true });
    expect((await send(bram.client, zofia.id, "Jestem z LODZ, zrób PRZELEW!")).status).toBe(200);
    expect((await chatsOf(zofia.client))[0]).toMatchObject({ folder: "hidden" });
  });

  it("stays in the inbox once the member has replied, even with a hidden word", async () => {
    const anna = await memberWithWords(["bitcoin"]);
    const bram = await t.loggedIn({ credits: 100, paidUser: true });
    const first = await send(bram.client, anna.id, "Hi Anna");
    expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "inbox" });
    expect((await anna.client.post("/api/chat.php", { conversation: first.body.message.conversation, text: "Hi Bram!" })).status).toBe(200);
    const jobsBefore = await notificationsTo(anna.id);
    expect((await send(bram.client, anna.id, "Do you like Bitcoin?")).status).toBe(200);
    expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "inbox", num_unread_messages: 1 });
    expect(await notificationsTo(anna.id)).toBeGreaterThan(jobsBefore);
  });

  it("goes back to the inbox when the member replies or moves it there, and stays there", async () => {
    const anna = await memberWithWords(["telegram"]);
    const bram = await t.loggedIn({ credits: 100, paidUser: true });
    const carl = await t.loggedIn({ credits: 100, paidUser: true });
    const fromBram = (await send(bram.client, anna.id, "Write me on Telegram")).body.message.conversation;
    const fromCarl = (await send(carl.client, anna.id, "telegram?")).body.message.conversation;
    const folders = async () => Object.fromEntries((await chatsOf(anna.client)).map((c) => [c.conversation, c.folder]));
    expect(await folders()).toEqual({ [fromBram]: "hidden", [fromCarl]: "hidden" });

    // Show in inbox: at once in the list, and a further hidden word does not move it again.
    const moved = await anna.client.post("/api/chatfolder.php", { conversation: fromBram, folder: "inbox" });
    expect(moved.status).toBe(200);
    expect(await folders()).toEqual({ [fromBram]: "inbox", [fromCarl]: "hidden" });
    expect((await send(bram.client, anna.id, "Telegram, please")).status).toBe(200);
    expect(await folders()).toEqual({ [fromBram]: "inbox", [fromCarl]: "hidden" });
    expect(await notificationsTo(anna.id)).toBeGreaterThan(0);

    // A reply moves Carl's back too.
    expect((await anna.client.post("/api/chat.php", { conversation: fromCarl, text: "Why not here?" })).status).toBe(200);
    expect(await folders()).toEqual({ [fromBram]: "inbox", [fromCarl]: "inbox" });
    expect((await send(carl.client, anna.id, "telegram is better")).status).toBe(200);
    expect(await folders()).toEqual({ [fromBram]: "inbox", [fromCarl]: "inbox" });
  });

  it("can be moved only by the member of the conversation", async () => {
    const anna = await memberWithWords(["venmo"]);
    const bram = await t.loggedIn({ credits: 100, paidUser: true });
    const eve = await t.loggedIn();
    const conversation = (await send(bram.client, anna.id, "venmo me")).body.message.conversation;
    const refused = await eve.client.post<ErrorBody>("/api/chatfolder.php", { conversation, folder: "inbox" });
    expect(refused.status).toBe(404);
    expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "hidden" });
    // The sender moving "his" side changes nothing of hers.
    expect((await bram.client.post("/api/chatfolder.php", { conversation, folder: "inbox" })).status).toBe(200);
    expect((await chatsOf(anna.client))[0]).toMatchObject({ folder: "hidden" });
    expect((await anna.client.post<ErrorBody>("/api/chatfolder.php", { conversation, folder: "trash" })).status).toBe(400);
  });
});

describe("the member's data", () => {
  it("exports the member's hidden words, and erasure removes them", async () => {
    const anna = await memberWithWords(["Geld", "Western Union"]);
    const mine = await anna.client.get<{ hidden_words: Array<{ word: string }> }>("/api/my-data.php");
    expect(mine.body.hidden_words.map((w) => w.word)).toEqual(["Geld", "Western Union"]);
    expect((await anna.client.post("/api/account-delete.php", { reason: "privacy", password: "correct horse" })).status).toBe(200);
    await db().execute(sql`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = ${anna.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'erase-account' AND payload->>'userId' = ${String(anna.id)}`);
    for (let i = 0; i < 100 && (await rows(sql`SELECT id FROM users WHERE id = ${anna.id}`)).length > 0; i++) {
      await t.server.worker.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await rows(sql`SELECT id FROM users WHERE id = ${anna.id}`)).toEqual([]);
    expect(await rows(sql`SELECT word FROM hidden_words WHERE member_id = ${anna.id}`)).toEqual([]);
  });
});
