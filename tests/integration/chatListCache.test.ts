import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatsResponse } from "../../src/common/schemas/chat";
import { CHAT_LIST_KEEP_MAX, CHAT_LIST_MAX } from "../../src/server/features/chat/chatListCache";
import { makeJpeg } from "../support/factories";
import { startTestApp, TestClient, type TestApp } from "../support/testApp";

// GET /api/chats.php keeps each conversation's item per member (ChatListCache) and builds again only
// what changed: every change the list shows must appear at once, on this instance and any other.
const PARTNERS = 12;
let t: TestApp;
let me: Awaited<ReturnType<TestApp["loggedIn"]>>;
let partners: Array<Awaited<ReturnType<TestApp["loggedIn"]>>>;

beforeAll(async () => {
  t = await startTestApp();
  me = await t.loggedIn({ credits: 1000, paidUser: true });
  partners = [];
  for (let i = 0; i < PARTNERS; i++) {
    const partner = await t.loggedIn({ credits: 100 });
    partners.push(partner);
    expect((await me.client.post("/api/chat.php", { to: partner.id, text: `Hello ${i}` })).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const chats = async () => {
  const res = await me.client.get<ChatsResponse>("/api/chats.php");
  expect(res.status).toBe(200);
  return res.body.chats;
};
const itemOf = async (partnerId: number) => (await chats()).find((c) => c.profile === partnerId);

describe("the kept conversation list", () => {
  it("is sent again while nothing changed (a write outside what the list is built from is not seen)", async () => {
    const first = await chats();
    expect(first).toHaveLength(PARTNERS);
    // Messages are never edited by the product; editing one behind its back shows the answer was kept.
    const newest = first[0];
    await t.testDb.database.db.execute(sql`UPDATE messages SET body = 'edited behind the list' WHERE id = ${newest.last_message?.id ?? 0}`);
    expect((await chats())[0].last_message?.body).toBe(newest.last_message?.body);
    // A message in that conversation changes both members' sides: the list is built again.
    await me.client.post("/api/chat.php", { to: newest.profile, text: "Newest" });
    expect((await chats())[0].last_message?.body).toBe("Newest");
  });

  it("shows a partner's message, its unread count and the order at once, and the count back at 0 after reading", async () => {
    const partner = partners[3];
    await chats();
    const sent = await partner.client.post<{ message: { conversation: number } }>("/api/chat.php", { to: me.id, text: "A reply" });
    expect(sent.status).toBe(200);
    const list = await chats();
    expect(list[0]).toMatchObject({ profile: partner.id, num_unread_messages: 1, last_message: { body: "A reply", sender: partner.id } });
    await me.client.get(`/api/chat.php?id=${sent.body.message.conversation}`);
    expect((await itemOf(partner.id))?.num_unread_messages).toBe(0);
  });

  it("drops a removed conversation at once, and brings it back with a new message", async () => {
    const partner = partners[4];
    const item = await itemOf(partner.id);
    expect((await me.client.request("DELETE", `/api/chat.php?conversation=${item?.conversation}`)).status).toBe(200);
    expect(await itemOf(partner.id)).toBeUndefined();
    await partner.client.post("/api/chat.php", { to: me.id, text: "Still there?" });
    expect(await itemOf(partner.id)).toMatchObject({ num_unread_messages: 1, last_message: { body: "Still there?" } });
  });

  it("follows blocks either way, and unblocking", async () => {
    const [mine, theirs] = [partners[5], partners[6]];
    await chats();
    await me.client.post("/api/block.php", { id: mine.id });
    await theirs.client.post("/api/block.php", { id: me.id });
    const list = await chats();
    expect(list.map((c) => c.profile)).not.toContain(mine.id);
    expect(list.map((c) => c.profile)).not.toContain(theirs.id);
    await me.client.request("DELETE", `/api/block.php?id=${mine.id}`);
    expect(await itemOf(mine.id)).toBeDefined();
  });

  it("shows a partner's new name and new main photo, and leaves out a partner whose profile is disabled", async () => {
    const [renamed, photographed, leaving] = [partners[7], partners[8], partners[9]];
    await chats();
    expect((await renamed.client.put("/api/profile.php", { name: "Renamed" })).status).toBe(200);
    expect((await itemOf(renamed.id))?.member.name).toBe("Renamed");
    expect((await itemOf(photographed.id))?.member.main_image).toBeNull();
    expect((await photographed.client.upload("/api/photos.php", "photo", await makeJpeg(), "me.jpg")).status).toBe(200);
    expect((await itemOf(photographed.id))?.member.main_image).toMatchObject({ filename: expect.stringMatching(/^\/photos\//) });
    await t.testDb.database.db.execute(sql`UPDATE photos SET status = 'rejected' WHERE profile_id = ${photographed.id}`);
    expect((await itemOf(photographed.id))?.member.main_image?.status).toBe("rejected");
    await t.testDb.database.db.execute(sql`DELETE FROM photos WHERE profile_id = ${photographed.id}`);
    expect((await itemOf(photographed.id))?.member.main_image).toBeNull();
    await t.testDb.database.db.execute(sql`UPDATE profiles SET status = 'disabled' WHERE id = ${leaving.id}`);
    expect(await itemOf(leaving.id)).toBeUndefined();
  });

  it("shows a change made through another instance at once, and is the answer that instance builds afresh", async () => {
    const partner = partners[10];
    await chats();
    const other = await startTestApp({ testDb: t.testDb, withSite: false });
    try {
      const cookie = [...me.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const partnerThere = new TestClient(other.baseUrl, { cookie: [...partner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") });
      expect((await partnerThere.post("/api/chat.php", { to: me.id, text: "From the other instance" })).status).toBe(200);
      const kept = await chats();
      expect(kept[0]).toMatchObject({ profile: partner.id, num_unread_messages: 1, last_message: { body: "From the other instance" } });
      const fresh = await new TestClient(other.baseUrl, { cookie }).get<ChatsResponse>("/api/chats.php");
      expect(fresh.body.chats).toEqual(await chats());
    } finally {
      await other.close();
    }
  });

  it("answers a member with more conversations than it keeps (operated profiles) with the newest 500, built each time", async () => {
    const busy = await t.loggedIn();
    const db = t.testDb.database.db;
    const count = CHAT_LIST_KEEP_MAX + 1;
    await db.execute(sql`INSERT INTO users (site_id, email, password_hash, status, language)
      SELECT ${t.site.id}, 'busy' || ${busy.id} || '-' || g || '@example.com', 'x', 'confirmed', 'en' FROM generate_series(1, ${count}) g`);
    await db.execute(sql`INSERT INTO profiles (id, site_id, name, status, gender, date_of_birth, country)
      SELECT id, site_id, 'Partner ' || id, 'enabled', 'male', date '1990-01-01', 'NL' FROM users WHERE email LIKE ${`busy${busy.id}-%`}`);
    await db.execute(sql`INSERT INTO conversations (site_id, member_a, member_b, started_by, last_message_at)
      SELECT ${t.site.id}, ${busy.id}, id, id, now() - id * interval '1 second' FROM users WHERE email LIKE ${`busy${busy.id}-%`}`);
    await db.execute(sql`INSERT INTO conversation_members (conversation_id, member_id)
      SELECT c.id, m.m FROM conversations c CROSS JOIN LATERAL (VALUES (c.member_a), (c.member_b)) m(m) WHERE c.member_a = ${busy.id}`);
    const list = (await busy.client.get<ChatsResponse>("/api/chats.php")).body.chats;
    expect(list).toHaveLength(CHAT_LIST_MAX);
    const newestPartner = Math.min(...list.map((c) => c.profile));
    expect(list[0].profile).toBe(newestPartner);
    await db.execute(sql`UPDATE profiles SET name = 'Renamed busy partner' WHERE id = ${newestPartner}`);
    expect((await busy.client.get<ChatsResponse>("/api/chats.php")).body.chats[0].member.name).toBe("Renamed busy partner");
  }, 60_000);
});
