import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHAT_HISTORY_LIMIT, CHAT_PAGE_SIZE } from "../../src/common/constants";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import { appForFile, type TestApp } from "../support/testApp";

// A conversation opens on its newest messages; "load older messages" asks again with a larger limit,
// up to the chat history limit, beyond which older messages stay hidden (spec section 1).

let t: TestApp;
appForFile((app) => (t = app));

/** Two members whose conversation holds `count` text messages, numbered 1 (oldest) to count. */
async function conversationOf(count: number) {
  const a = await t.loggedIn({ credits: 100, paidUser: true });
  const b = await t.loggedIn();
  const first = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "1" });
  expect(first.status).toBe(200);
  const conversation = first.body.message.conversation;
  await t.testDb.database.db.execute(sql`INSERT INTO messages (conversation_id, sender_id, kind, body)
    SELECT ${conversation}, ${a.id}, 'text', g.n::text FROM generate_series(2, ${count}::int) AS g(n) ORDER BY g.n`);
  return { a, b, conversation };
}

const bodies = (answer: ConversationResponse) => answer.messages.map((m) => Number(m.body));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("older messages of a conversation", () => {
  it("opens on the newest page and loads older ones up to the history limit, then says older are hidden", async () => {
    const total = CHAT_HISTORY_LIMIT + 5;
    const { b, conversation } = await conversationOf(total);

    const first = (await b.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}`)).body;
    expect(bodies(first)).toEqual(range(total - CHAT_PAGE_SIZE + 1, total));
    expect(first).toMatchObject({ has_older: true, older_hidden: false });

    const more = (await b.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}&limit=${2 * CHAT_PAGE_SIZE}`)).body;
    expect(bodies(more)).toEqual(range(total - 2 * CHAT_PAGE_SIZE + 1, total));
    expect(more.has_older).toBe(true);

    const all = (await b.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}&limit=${CHAT_HISTORY_LIMIT}`)).body;
    expect(bodies(all)).toEqual(range(total - CHAT_HISTORY_LIMIT + 1, total));
    expect(all).toMatchObject({ has_older: false, older_hidden: true });

    // Beyond the limit nothing more is given.
    const beyond = await b.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}&limit=${CHAT_HISTORY_LIMIT + 1}`);
    expect(beyond.status).toBe(400);
  });

  it("has nothing older to load in a short conversation", async () => {
    const { a, b } = await conversationOf(12);
    const answer = (await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}&limit=${CHAT_HISTORY_LIMIT}`)).body;
    expect(bodies(answer)).toEqual(range(1, 12));
    expect(answer).toMatchObject({ has_older: false, older_hidden: false });
    const page = (await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}`)).body;
    expect(page).toMatchObject({ has_older: false, older_hidden: false });
  });
});
