import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATE_SHARE_KEEP_DAYS, DATE_SHARES_ACTIVE_MAX, DATE_SHARES_PER_DAY } from "../../src/common/constants";
import type { CreateDateShareResponse, DatePage, DateSharesResponse } from "../../src/common/schemas/dateShares";
import { rowsOf } from "../../src/server/db/client";
import { purgeOldShares } from "../../src/server/features/dateShares/dateShares.repo";
import { makeJpeg } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Share my date (issue 22): a member shares a date of a conversation with a friend by a link; the link
// shows the date to whoever holds it, without a login, until revoked or a day after the date.

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = Awaited<ReturnType<TestApp["loggedIn"]>>;

const HOUR = 3_600_000;
const db = () => t.testDb.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Two members with a conversation, the second with an approved main photo. */
async function pair(names: [string, string] = ["Anna", "Bram"]): Promise<{ a: Member; b: Member; conversation: number; photo: string }> {
  const a = await t.loggedIn({ name: names[0], credits: 100 });
  const b = await t.loggedIn({ name: names[1], credits: 100 });
  const sent = await a.client.post<{ message: { conversation: number } }>("/api/chat.php", { to: b.id, text: "Coffee on Saturday?" });
  expect(sent.status).toBe(200);
  const up = await b.client.upload<{ photo: { id: string } }>("/api/photos.php", "photo", await makeJpeg({ width: 600, height: 800 }));
  expect(up.status).toBe(200);
  await db().execute(sql`UPDATE photos SET status = 'approved' WHERE id = ${up.body.photo.id}`);
  await db().execute(sql`UPDATE profiles SET main_photo_id = ${up.body.photo.id} WHERE id = ${b.id}`);
  return { a, b, conversation: sent.body.message.conversation, photo: up.body.photo.id };
}

const share = (client: TestClient, conversation: number, body: Record<string, unknown> = {}) =>
  client.post<CreateDateShareResponse & ErrorBody>("/api/dateshares.php", {
    conversation,
    place: "Café Olympia, Kanaalstraat 12, Utrecht",
    starts_at: inHours(48),
    note: "Back by 11, call me if I'm not.",
    ...body,
  });

const tokenOf = (url: string) => url.split("/date/")[1];

/** What a friend sees: a browser with no cookie of the site. */
const friend = () => t.client();
const pageData = (token: string) => friend().get<DatePage & ErrorBody>(`/api/datepage.php?token=${token}`);

describe("sharing a date", () => {
  it("gives a link on the site's own address that a friend opens without a login", async () => {
    const { a, b, conversation, photo } = await pair();
    const startsAt = inHours(48);
    // A forged Host does not make the link: the site's configured address does.
    const made = await a.client.post<CreateDateShareResponse>(
      "/api/dateshares.php",
      { conversation, place: "Café Olympia, Kanaalstraat 12, Utrecht", starts_at: startsAt, note: "Back by 11." },
      { "x-forwarded-host": "evil.example" },
    );
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(new RegExp(`^${t.siteUrl}/date/[A-Za-z0-9_-]{22}$`));
    expect(made.body.share).toMatchObject({ conversation, place: "Café Olympia, Kanaalstraat 12, Utrecht", note: "Back by 11." });
    // The link stops working 24 hours after the date's time.
    expect(new Date(made.body.share.expires_at).getTime() - new Date(startsAt).getTime()).toBe(24 * HOUR);
    // Only the token's hash is kept.
    const token = tokenOf(made.body.url);
    expect(await rows(sql`SELECT id FROM date_shares WHERE token_hash = ${token} OR place LIKE ${`%${token}%`}`)).toEqual([]);

    const page = await pageData(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.body).toEqual({
      site: expect.any(String),
      sharer_name: "Anna",
      partner: { name: "Bram", photo: `/api/datephoto.php?token=${token}` },
      place: "Café Olympia, Kanaalstraat 12, Utrecht",
      starts_at: new Date(startsAt).toISOString(),
      note: "Back by 11.",
      expires_at: made.body.share.expires_at,
    });
    const image = await friend().request("GET", page.body.partner?.photo ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("no-store");
    // Her page: no login, not for search engines, no visit cookie, and its address sent to nobody.
    const html = await friend().request("GET", `/date/${token}`);
    expect(html.status).toBe(200);
    expect(html.headers.get("x-robots-tag")).toBe("noindex");
    expect(html.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html.headers.getSetCookie()).toEqual([]);

    // The member's list for the conversation, and nobody else's.
    const list = await a.client.get<DateSharesResponse>(`/api/dateshares.php?conversation=${conversation}`);
    expect(list.body.shares.map((s) => s.id)).toEqual([made.body.share.id]);
    expect((await b.client.get<DateSharesResponse>(`/api/dateshares.php?conversation=${conversation}`)).body.shares).toEqual([]);
    expect(photo).toBeTruthy();
  });

  it("shows the main photo only once approved, and no other photo", async () => {
    const { a, b, conversation, photo } = await pair(["Carla", "Dirk"]);
    await db().execute(sql`UPDATE photos SET status = 'pending' WHERE id = ${photo}`);
    const token = tokenOf((await share(a.client, conversation)).body.url);
    expect((await pageData(token)).body.partner).toEqual({ name: "Dirk", photo: null });
    expect((await friend().request("GET", `/api/datephoto.php?token=${token}`)).status).toBe(404);
    // A second, approved photo that is not the main one is not shown either.
    const other = await b.client.upload<{ photo: { id: string } }>("/api/photos.php", "photo", await makeJpeg());
    await db().execute(sql`UPDATE photos SET status = 'approved' WHERE id = ${other.body.photo.id}`);
    expect((await pageData(token)).body.partner?.photo).toBeNull();
  });

  it("refuses a date in a conversation the member is not in, and lists nothing of it", async () => {
    const { conversation } = await pair(["Eva", "Femke"]);
    const stranger = await t.loggedIn({ name: "Gijs" });
    const refused = await share(stranger.client, conversation);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    expect((await stranger.client.get(`/api/dateshares.php?conversation=${conversation}`)).status).toBe(404);
    expect((await share(friend(), conversation)).status).toBe(403);
    expect(await rows(sql`SELECT id FROM date_shares WHERE conversation_id = ${conversation}`)).toEqual([]);
  });

  it("refuses a time long past or too far ahead, and an empty place, in the member's language", async () => {
    const { a, b: ivo, conversation } = await pair(["Hanna", "Ivo"]);
    const past = await share(a.client, conversation, { starts_at: inHours(-13) });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe("date_share_time");
    expect((await share(a.client, conversation, { starts_at: inHours(91 * 24) })).body.error.code).toBe("date_share_time");
    expect((await share(a.client, conversation, { starts_at: "saturday evening" })).status).toBe(400);
    const noPlace = await share(a.client, conversation, { place: "   " });
    expect(noPlace.status).toBe(400);
    // A date that began an hour ago may still be shared ("I am on a date now").
    expect((await share(a.client, conversation, { starts_at: inHours(-1) })).status).toBe(200);
    const greta = await t.loggedIn({ name: "Greta", language: "de", credits: 100 });
    const toIvo = await greta.client.post<{ message: { conversation: number } }>("/api/chat.php", { to: ivo.id, text: "Hallo Ivo" });
    const german = await share(greta.client, toIvo.body.message.conversation, { starts_at: inHours(-13) });
    expect(past.body.error.message).toBe("Choose a time between 12 hours ago and 90 days from now.");
    expect(german.body.error.message).toBe("Wähle eine Zeit zwischen vor 12 Stunden und in 90 Tagen.");
  });

  it("keeps at most the allowed number of links working at once", async () => {
    const { a, conversation } = await pair(["Jet", "Kees"]);
    for (let i = 0; i < DATE_SHARES_ACTIVE_MAX; i++) expect((await share(a.client, conversation)).status).toBe(200);
    const over = await share(a.client, conversation);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("date_share_limit");
    // Revoking one makes room again.
    const list = await a.client.get<DateSharesResponse>(`/api/dateshares.php?conversation=${conversation}`);
    expect((await a.client.request("DELETE", `/api/dateshares.php?id=${list.body.shares[0].id}`)).status).toBe(200);
    expect((await share(a.client, conversation)).status).toBe(200);
  });

  it("makes at most the allowed number of links a day, revoked ones counted", async () => {
    const { a, conversation } = await pair(["Jip", "Janneke"]);
    for (let i = 0; i < DATE_SHARES_PER_DAY; i++) {
      const made = await share(a.client, conversation);
      expect(made.status).toBe(200);
      expect((await a.client.request("DELETE", `/api/dateshares.php?id=${made.body.share.id}`)).status).toBe(200);
    }
    const over = await share(a.client, conversation);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("date_share_limit");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a link that no longer works", () => {
  it("answers 410 once revoked; only its own member can revoke it", async () => {
    const { a, b, conversation } = await pair(["Lotte", "Maarten"]);
    const made = await share(a.client, conversation);
    const token = tokenOf(made.body.url);
    expect((await b.client.request("DELETE", `/api/dateshares.php?id=${made.body.share.id}`)).status).toBe(404);
    expect((await pageData(token)).status).toBe(200);
    expect((await a.client.request("DELETE", `/api/dateshares.php?id=${made.body.share.id}`)).status).toBe(200);
    const gone = await pageData(token);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe("date_share_gone");
    expect((await friend().request("GET", `/date/${token}`)).status).toBe(410);
    expect((await friend().request("GET", `/api/datephoto.php?token=${token}`)).status).toBe(404);
    expect((await a.client.get<DateSharesResponse>(`/api/dateshares.php?conversation=${conversation}`)).body.shares).toEqual([]);
    expect((await a.client.request("DELETE", `/api/dateshares.php?id=${made.body.share.id}`)).status).toBe(404);
  });

  it("answers 410 after its expiry and 404 for a link that never was", async () => {
    const { a, conversation } = await pair(["Nina", "Otto"]);
    const made = await share(a.client, conversation);
    const token = tokenOf(made.body.url);
    await db().execute(sql`UPDATE date_shares SET expires_at = now() - interval '1 second' WHERE id = ${made.body.share.id}`);
    expect((await pageData(token)).status).toBe(410);
    expect((await friend().request("GET", `/date/${token}`)).status).toBe(410);
    expect((await a.client.get<DateSharesResponse>(`/api/dateshares.php?conversation=${conversation}`)).body.shares).toEqual([]);
    const unknown = "A".repeat(22);
    expect((await pageData(unknown)).status).toBe(404);
    expect((await pageData(unknown)).body.error.code).toBe("date_share_gone");
    expect((await friend().request("GET", `/date/${unknown}`)).status).toBe(404);
    expect((await pageData("short")).status).toBe(400);
  });

  it("is forgotten some days after it stopped working, not before", async () => {
    const { a, conversation } = await pair(["Kiki", "Lars"]);
    const old = await share(a.client, conversation);
    const recent = await share(a.client, conversation);
    await db().execute(sql`UPDATE date_shares SET expires_at = now() - make_interval(days => ${DATE_SHARE_KEEP_DAYS + 1}) WHERE id = ${old.body.share.id}`);
    await db().execute(sql`UPDATE date_shares SET revoked_at = now() - interval '1 day' WHERE id = ${recent.body.share.id}`);
    expect(await purgeOldShares(db(), DATE_SHARE_KEEP_DAYS)).toBeGreaterThanOrEqual(1);
    expect((await pageData(tokenOf(old.body.url))).status).toBe(404);
    expect((await pageData(tokenOf(recent.body.url))).status).toBe(410);
  });
});

describe("blocks, bans and leaving", () => {
  it("keeps the place and time but no longer shows the other member once either blocked the other", async () => {
    const { a, b, conversation } = await pair(["Pien", "Quinten"]);
    const token = tokenOf((await share(a.client, conversation)).body.url);
    expect((await b.client.post("/api/block.php", { id: a.id })).status).toBe(200);
    const page = await pageData(token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ sharer_name: "Pien", partner: null, place: "Café Olympia, Kanaalstraat 12, Utrecht" });
    expect(JSON.stringify(page.body)).not.toContain("Quinten");
    expect((await friend().request("GET", `/api/datephoto.php?token=${token}`)).status).toBe(404);
    // No new link about someone who blocked the member.
    const refused = await share(a.client, conversation);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("blocked_by");

    // The member's own block works the same way.
    const other = await pair(["Roos", "Sem"]);
    const own = tokenOf((await share(other.a.client, other.conversation)).body.url);
    expect((await other.a.client.post("/api/block.php", { id: other.b.id })).status).toBe(200);
    expect((await pageData(own)).body.partner).toBeNull();
    expect((await share(other.a.client, other.conversation)).status).toBe(404);
  });

  it("hides a banned other member, and stops the links of a banned sharer", async () => {
    const admin = await signedInOperator(t, "admin");
    const { a, b, conversation } = await pair(["Tess", "Ugo"]);
    const token = tokenOf((await share(a.client, conversation)).body.url);
    expect((await admin.client.post(`/api/console/members/${b.id}/ban`, { reason: "Fake profile" })).status).toBe(200);
    const page = await pageData(token);
    expect(page.status).toBe(200);
    expect(page.body.partner).toBeNull();
    expect(page.body.place).toBe("Café Olympia, Kanaalstraat 12, Utrecht");
    expect((await friend().request("GET", `/api/datephoto.php?token=${token}`)).status).toBe(404);
    expect((await share(a.client, conversation)).status).toBe(404);

    const other = await pair(["Vera", "Wim"]);
    const own = tokenOf((await share(other.a.client, other.conversation)).body.url);
    expect((await admin.client.post(`/api/console/members/${other.a.id}/ban`, { reason: "Scam" })).status).toBe(200);
    expect((await pageData(own)).status).toBe(410);
  });
});

describe("the member's data", () => {
  it("exports the member's own shared dates, not those about them, and never a link", async () => {
    const { a, b, conversation } = await pair(["Xandra", "Yorick"]);
    const made = await share(a.client, conversation, { place: "De Zaak, Utrecht" });
    const mine = await a.client.get<{ shared_dates: Array<Record<string, unknown>> }>("/api/my-data.php");
    expect(mine.body.shared_dates).toEqual([
      expect.objectContaining({ conversation_id: conversation, member_id: b.id, name: "Yorick", place: "De Zaak, Utrecht", revoked_at: null }),
    ]);
    expect(mine.text).not.toContain(tokenOf(made.body.url));
    expect((await b.client.get<{ shared_dates: unknown[] }>("/api/my-data.php")).body.shared_dates).toEqual([]);
  });

  it("goes with the account of either member when it is erased", async () => {
    const { a, b, conversation } = await pair(["Zoë", "Abel"]);
    const byA = tokenOf((await share(a.client, conversation)).body.url);
    const byB = tokenOf((await share(b.client, conversation)).body.url);
    expect((await b.client.post("/api/account-delete.php", { reason: "privacy", password: "correct horse" })).status).toBe(200);
    // Leaving hides Abel from Zoë's link at once; his own link stops.
    expect((await pageData(byA)).body.partner).toBeNull();
    expect((await pageData(byB)).status).toBe(410);
    // Fourteen days later the erase job removes both links with him.
    await db().execute(sql`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = ${b.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'erase-account' AND payload->>'userId' = ${String(b.id)}`);
    for (let i = 0; i < 100 && (await rows(sql`SELECT id FROM users WHERE id = ${b.id}`)).length > 0; i++) {
      await t.server.worker.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await rows(sql`SELECT id FROM users WHERE id = ${b.id}`)).toEqual([]);
    expect(await rows(sql`SELECT id FROM date_shares WHERE sharer_id IN (${a.id}, ${b.id}) OR partner_id IN (${a.id}, ${b.id})`)).toEqual([]);
    expect((await pageData(byA)).status).toBe(404);
    expect((await pageData(byB)).status).toBe(404);
  });
});
