import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type { CreditsOffer, DiscountCode, Payment, StartPaymentResponse } from "../../src/common/schemas/payments";
import { rowsOf } from "../../src/server/db/client";
import { makeJpeg } from "../support/factories";
import { startFakePushService } from "../support/fakePushService";
import { collect } from "../support/s3Server";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// Erasure leaves nothing: 14 days after a member asked to delete the account, no row, stored file,
// queued job or rate-limit counter holds anything of theirs. The member here has done everything the
// site offers; then every column of every table (walked from information_schema, so that a table
// added later is searched too) and every stored file is searched for them, once with photos in the
// local folder of the embedded default and once in an S3 bucket, as in production.
//
// Kept on purpose, without the person (bookkeeping law, e.g. 10 years in the Netherlands):
// - payments: what was bought, for how much, with which method, its status and dates, the receipt
//   number, the discount given (and the code's name, whose personal row is gone), and the provider's
//   payment id (to match the provider's settlement statements). Gone from them: user_id, the provider's customer id, the kept card's label and the
//   checkout link. Nothing left in our database leads from these rows back to a person.
// - account_deletions: the reason (from a fixed list) and the dates, so that the site learns why
//   members leave. Gone: user_id and the free-text detail, which may say anything.
// Not searched:
// - test_provider_payments.description and test_provider_mandates.label: the payment provider's own
//   records (the bank account holder and masked IBAN a SEPA debit carries, the card's label). In
//   production they are Mollie's, kept under Mollie's own legal duty, not in our database; the
//   built-in test provider only plays that part on this machine.
// - The dev mailbox and SMS outbox (DATA_DIR/mail, DATA_DIR/sms): a copy of what was "sent", which
//   exists only in the embedded default and never in production (like a real inbox, it is the
//   recipient's).
// - The member's IP address: every client of a test is 127.0.0.1, shared with the other members.

const ID = 987_654_321; // A member id no other number in the database comes near, so any column holding it is theirs.
const NAME = "Zerlinde Quaxbridge";
const FIRST_EMAIL = "zerlinde.quaxbridge@example.com";
const EMAIL = "z.quaxbridge.new@example.com";
const PASSWORD = "zerlinde-secret-1";
const PHONE = { typed: "06 12345678", stored: "+31612345678" };
const IBAN = { typed: "NL91 ABNA 0417 1643 00", compact: "NL91ABNA0417164300", masked: "NL91 •••• 4300" };
const CARD = "•••• 4242";
/** Everything that names the member, searched in every text and JSON column (case-insensitive). */
const NEEDLES = [NAME, FIRST_EMAIL, EMAIL, PHONE.stored, "0612345678", PHONE.typed, IBAN.compact, IBAN.typed, IBAN.masked, CARD];
/** Columns not searched, with the reason in the comment at the top. */
const NOT_SEARCHED = ["test_provider_payments.description", "test_provider_mandates.label"];

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  pushService = await startFakePushService();
});
afterAll(async () => {
  await pushService?.close();
});

const db = () => t.testDb.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

/** Runs queued jobs that are due until none of `kinds` is left (the app's own worker may hold one). */
async function settle(...kinds: string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await t.server.worker.drain();
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind IN ${kinds} AND done_at IS NULL AND failed_at IS NULL AND run_at <= now()`,
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`jobs ${kinds.join(", ")} did not settle`);
}

/** The token of the newest link `path?token=` in a mail to `to`, from the dev mailbox. */
async function mailedToken(to: string, path: string): Promise<string> {
  await settle("mail");
  const { mails } = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as { mails: Array<{ text: string }> };
  const token = mails.map((m) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

/** Buys the first bundle on the test provider's hosted page; answers the payment's id. */
async function buy(client: TestClient, order: { method: string; store_card?: boolean; discount_code?: string }): Promise<string> {
  const offer = (await client.get<CreditsOffer>("/api/credits.php")).body;
  const res = await client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.bundles[0].id, ...order });
  expect(res.status).toBe(200);
  const paid = await fetch(res.body.checkout_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: order.store_card ? "outcome=paid&card=ok" : "outcome=paid",
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await settle("test-provider-webhook");
  expect((await client.get<Payment>(`/api/payment.php?id=${res.body.payment_id}`)).body.status).toBe("paid");
  return res.body.payment_id;
}

async function sendPhoto(from: TestClient, to: number): Promise<string> {
  const sent = await from.upload<SendMessageResponse>(`/api/chatphoto.php?to=${to}`, "photo", await makeJpeg());
  expect(sent.status).toBe(200);
  return /\/chatphotos\/([0-9a-f-]{36})\.jpg$/.exec(sent.body.message.photo?.url ?? "")?.[1] as string;
}

/** The key of every stored file: in the bucket (seen through a client of its own), else in the app's folder. */
async function storedFiles(): Promise<string[]> {
  return (await collect((t.bucket?.storage ?? t.server.storage).list(""))).map((entry) => entry.key);
}

/** Every value in the database that names the member: `table.column: value`. */
async function traces(): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(sql`
    SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`);
  expect(columns.map((c) => c.table_name)).toEqual(expect.arrayContaining(["users", "payments", "jobs", "messages", "rate_limits"]));
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    if (NOT_SEARCHED.includes(`${table}.${column}`)) continue;
    const col = sql.raw(`"${table.replaceAll('"', '""')}"."${column.replaceAll('"', '""')}"`);
    const from = sql.raw(`"${table.replaceAll('"', '""')}"`);
    let where: ReturnType<typeof sql>;
    if (["integer", "bigint", "smallint", "numeric"].includes(type)) where = sql`${col}::numeric = ${ID}::numeric`;
    else if (["boolean", "date"].includes(type) || type.startsWith("timestamp")) continue;
    else {
      const text = sql`lower(${col}::text)`;
      where = sql`${col}::text ~ ${`(^|[^0-9])${ID}([^0-9]|$)`}`;
      for (const needle of NEEDLES) where = sql`${where} OR strpos(${text}, ${needle.toLowerCase()}) > 0`;
    }
    for (const row of await rows<{ value: string }>(sql`SELECT left(${col}::text, 160) AS value FROM ${from} WHERE ${where} LIMIT 50`)) {
      found.push(`${table}.${column}: ${row.value}`);
    }
  }
  return found;
}

/** Rate-limit counters in Redis (when the suite runs with Redis) whose key names the member. */
async function redisTraces(): Promise<string[]> {
  if (!process.env.TEST_REDIS_URL) return [];
  const redis = new Redis(process.env.TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`test:${t.testDb.id}:*`);
    return keys.filter((key) => key.includes(String(ID)) || key.includes(EMAIL) || key.includes(FIRST_EMAIL));
  } finally {
    redis.disconnect();
  }
}

/** Fifteen days later, for the clocks of the site: the deletion's, and the rate-limit windows that end by then (the erase job's comes after). */
async function fifteenDaysLater(): Promise<void> {
  await db().execute(sql`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = ${ID}`);
  await db().execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE reset_at < now() + interval '15 days'`);
  if (process.env.TEST_REDIS_URL) {
    const redis = new Redis(process.env.TEST_REDIS_URL);
    try {
      for (const key of await redis.keys(`test:${t.testDb.id}:*`)) {
        const ttl = await redis.pttl(key);
        if (ttl >= 0 && ttl < 15 * 86_400_000) await redis.del(key);
      }
    } finally {
      redis.disconnect();
    }
  }
}

describe.each([
  ["in the local folder", false],
  ["in an S3 bucket", true],
])("erasing a member who has done everything, photos kept %s", (_where, s3) => {
  beforeAll(async () => {
    t = await startTestApp({ s3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("leaves no row, file, job or counter of theirs; payments and the reason for leaving stay without them", async () => {
    await db().execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${ID - 1})`);
    const z = await t.loggedIn({ name: NAME, email: FIRST_EMAIL, password: PASSWORD, credits: 300, profile: { city: "Utrecht" } });
    expect(z.id).toBe(ID);
    const pia = await t.loggedIn({ name: "Pia", credits: 300 });
    const [liker, blocked, blocker, swiped] = [await t.loggedIn(), await t.loggedIn(), await t.loggedIn(), await t.loggedIn()];

    // Profile and photos.
    expect((await z.client.put("/api/profile.php", { personal_text: `Hi, I am ${NAME}.` })).status).toBe(200);
    const profilePhotos: string[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await z.client.upload<{ photo: { id: string } }>("/api/photos.php", "photo", await makeJpeg());
      expect(up.status).toBe(200);
      profilePhotos.push(up.body.photo.id);
      // Seen by her in two widths (made on request, stored beside the photo: common/photoSizes.ts).
      for (const size of ["?w=240&f=webp", "?w=480&f=webp"]) expect((await z.client.get(`/photos/${up.body.photo.id}_thumb.jpg${size}`)).status).toBe(200);
    }
    // A verification selfie waiting for a moderator (her photo approved by hand: this site pre-moderates).
    await db().execute(sql`UPDATE photos SET status = 'approved' WHERE id = ${profilePhotos[0]}`);
    expect((await z.client.post("/api/verification.php", {})).status).toBe(200);
    expect((await z.client.upload("/api/verification-selfie.php", "photo", await makeJpeg())).status).toBe(200);
    const [{ key: selfie }] = await rows<{ key: string }>(sql`SELECT selfie_key AS key FROM verification_requests WHERE profile_id = ${ID}`);

    // A reset mail to the first address, then a new address.
    expect((await t.client().post("/api/reset-password.php", { email: FIRST_EMAIL })).status).toBe(200);
    expect((await z.client.post("/api/mail-change.php", { email: EMAIL, password: PASSWORD })).status).toBe(200);
    expect((await t.client().post("/api/mail-change-do.php", { token: await mailedToken(EMAIL, "/mail-change/do") })).status).toBe(200);

    // Chat both ways: text (once with a retry key), photos and gifts.
    expect((await z.client.post("/api/chat.php", { to: pia.id, text: `Hello Pia, ${NAME} here` }, { "idempotency-key": "zerlinde-key-0001" })).status).toBe(
      200,
    );
    expect((await pia.client.post("/api/chat.php", { to: z.id, text: "Hi Zerlinde!" }, { "idempotency-key": "pia-key-0000001" })).status).toBe(200);
    const chatPhotos = [await sendPhoto(z.client, pia.id), await sendPhoto(pia.client, z.id)];
    expect((await z.client.post("/api/gift.php", { to: pia.id, gift: "rose" })).status).toBe(200);
    expect((await pia.client.post("/api/gift.php", { to: z.id, gift: "heart" })).status).toBe(200);
    // Pia's mail about Zerlinde's messages goes out (it names Zerlinde); Zerlinde's about Pia's waits.
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'notify-mail' AND payload->>'to' = ${String(pia.id)}`);
    await settle("notify-mail", "mail");

    // Each shares their date with a friend (Share my date): links made by her and about her.
    const conversation = (await rows<{ id: number }>(sql`SELECT conversation_id AS id FROM conversation_members WHERE member_id = ${ID}`))[0].id;
    const date = { conversation, starts_at: new Date(Date.now() + 86_400_000).toISOString() };
    expect((await z.client.post("/api/dateshares.php", { ...date, place: `Café near ${NAME}'s home`, note: `${NAME} is fine` })).status).toBe(200);
    expect((await pia.client.post("/api/dateshares.php", { ...date, place: "Café Olympia", note: "Meeting Zerlinde" })).status).toBe(200);

    // Likes, a match, blocks both ways, swipes.
    expect((await z.client.post("/api/like.php", { id: pia.id })).status).toBe(200);
    expect((await pia.client.post("/api/like.php", { id: z.id })).status).toBe(200);
    expect((await liker.client.post("/api/like.php", { id: z.id })).status).toBe(200);
    expect((await z.client.post("/api/block.php", { id: blocked.id })).status).toBe(200);
    expect((await blocker.client.post("/api/block.php", { id: z.id })).status).toBe(200);
    expect((await z.client.post("/api/swipe.php", { id: swiped.id, action: "like" })).status).toBe(200);
    expect((await z.client.post("/api/swipe.php", { id: liker.id, action: "pass" })).status).toBe(200);

    // Push on a phone.
    expect((await z.client.post("/api/user.php?push=1", pushService.subscription("zerlinde-phone"))).status).toBe(200);

    // Payments: a refunded one; one with the personal discount code and a kept card; a direct debit.
    const refunded = await buy(z.client, { method: "ideal" });
    expect((await z.client.post<Payment>("/api/refund.php", { payment_id: refunded })).body.status).toBe("refunded");
    const code = (await z.client.post<DiscountCode>("/api/delete-offer.php")).body.code;
    const withCard = await buy(z.client, { method: "visa", store_card: true, discount_code: code });
    const bundles = (await z.client.get<CreditsOffer>("/api/credits.php")).body.bundles;
    const debit = await z.client.post<{ request_id: string }>("/api/directdebit.php", {
      bundle_id: bundles[0].id,
      holder: NAME,
      iban: IBAN.typed,
      phone: PHONE.typed,
      authorize: true,
    });
    expect(debit.status).toBe(200);
    await settle("sms");
    const sms = (await (await fetch(`${t.baseUrl}/dev/sms.json?to=${encodeURIComponent(PHONE.stored)}`)).json()) as { texts: Array<{ text: string }> };
    const smsCode = /\b(\d{6})\b/.exec(sms.texts[0]?.text ?? "")?.[1];
    const debited = await z.client.post<Payment>("/api/directdebit-confirm.php", { request_id: debit.body.request_id, code: smsCode });
    expect(debited.body.status).toBe("pending");
    await settle("test-provider-webhook", "payment-refund");
    const kept = [refunded, withCard, debited.body.payment_id];

    // A complaint, a page-exit record, a second session, a failed login, the data download.
    expect(
      (await z.client.post("/api/complaints.php", { name: NAME, email: EMAIL, category: "member", message: `${NAME} has a question about a member.` })).status,
    ).toBe(200);
    z.client.cookies.set("visit", "visit-of-zerlinde-0001");
    expect((await z.client.post("/api/page-hidden.php?lb=1", {}, { referer: `${t.baseUrl}/chats` })).status).toBe(204);
    expect((await t.client().post("/api/user.php", { email: EMAIL, password: PASSWORD })).status).toBe(200);
    expect((await t.client().post("/api/user.php", { email: EMAIL, password: "not-her-password" })).status).toBe(401);
    const myData = await z.client.get<{
      photos: unknown[];
      messages: unknown[];
      payments: unknown[];
      complaints: unknown[];
      push_subscriptions: number;
      direct_debits: unknown[];
      stored_cards: unknown[];
    }>("/api/my-data.php");
    // The member's own download still lists all of it.
    expect(myData.status).toBe(200);
    expect({
      photos: myData.body.photos.length,
      messages: myData.body.messages.length,
      payments: myData.body.payments.length,
      complaints: myData.body.complaints.length,
      push: myData.body.push_subscriptions,
      debits: myData.body.direct_debits.length,
      cards: myData.body.stored_cards.length,
    }).toEqual({ photos: 2, messages: 6, payments: 3, complaints: 1, push: 1, debits: 1, cards: 1 });

    // Leaving, with a reason and a few words; mails are sent, others still wait.
    expect((await z.client.post("/api/account-delete.php", { reason: "privacy", detail: `Bye from ${NAME}`, password: PASSWORD })).status).toBe(200);
    await settle("mail");
    const filesOfZerlinde = (await storedFiles()).filter((f) => f === selfie || [...profilePhotos, ...chatPhotos].some((id) => f.includes(id)));
    // Each profile photo: four JPEGs and the two WebP sizes seen; each chat photo two JPEGs; the selfie.
    expect(filesOfZerlinde).toHaveLength(2 * (4 + 2) + 2 * 2 + 1);
    expect((await traces()).length).toBeGreaterThan(20);

    await fifteenDaysLater();
    // On the day, someone tries her address (a live lockout counter with her address in its key);
    // then the erase job's time comes.
    expect((await t.client().post("/api/user.php", { email: EMAIL, password: "still-not-hers" })).status).toBe(401);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'erase-account'`);
    await settle("erase-account");

    expect(await rows(sql`SELECT id FROM users WHERE id = ${ID}`)).toEqual([]);
    expect(await traces()).toEqual([]);
    expect(await redisTraces()).toEqual([]);

    // No file of hers is left, and every stored file still belongs to someone.
    expect((await storedFiles()).filter((f) => filesOfZerlinde.includes(f))).toEqual([]);
    const owned = await rows<{ file: string }>(sql`
      SELECT 'photos/' || f AS file FROM photos, unnest(ARRAY[filename, thumb_filename, match_filename, blurred_filename]) AS f
      UNION ALL SELECT 'chatphotos/' || attachment || s FROM messages, unnest(ARRAY['.jpg', '_thumb.jpg']) AS s WHERE kind = 'photo'
      UNION ALL SELECT 'chatvoice/' || attachment FROM messages WHERE kind = 'voice'
      UNION ALL SELECT selfie_key FROM verification_requests WHERE selfie_key IS NOT NULL`);
    // A photo's WebP sizes belong to whoever owns the photo.
    const photoIds = (await rows<{ id: string }>(sql`SELECT id FROM photos`)).map((r) => r.id);
    const ownedSize = (f: string) => photoIds.some((id) => f.startsWith(`photosizes/${id}/`));
    expect((await storedFiles()).filter((f) => !owned.some((o) => o.file === f) && !ownedSize(f))).toEqual([]);

    // What the law keeps, without her.
    const payments = await rows<Record<string, unknown>>(sql`
      SELECT user_id, provider_customer_id, stored_card, checkout_url, status, method, amount > 0 AS charged, invoice_number IS NOT NULL AS receipt,
        provider_payment_id IS NOT NULL AS provider_ref, paid_at IS NOT NULL AS paid
      FROM payments WHERE id IN ${kept} ORDER BY created_at`);
    const anonymous = {
      user_id: null,
      provider_customer_id: null,
      stored_card: null,
      checkout_url: null,
      charged: true,
      receipt: true,
      provider_ref: true,
      paid: true,
    };
    expect(payments).toEqual([
      { ...anonymous, status: "refunded", method: "ideal" },
      { ...anonymous, status: "paid", method: "visa" },
      { ...anonymous, status: "pending", method: "sepa_direct_debit", receipt: false, paid: false },
    ]);
    const [discounted] = await rows<{ discount: number; discount_code: string }>(sql`SELECT discount, discount_code FROM payments WHERE id = ${withCard}`);
    expect(discounted).toEqual({ discount: expect.any(Number), discount_code: code });
    expect(await rows(sql`SELECT reason, detail, user_id, erased_at IS NOT NULL AS erased FROM account_deletions WHERE reason = 'privacy'`)).toEqual([
      { reason: "privacy", detail: null, user_id: null, erased: true },
    ]);

    // Pia goes on: her conversation with Zerlinde is gone with her, and the site works for her.
    expect((await pia.client.get<{ chats: unknown[] }>("/api/chats.php")).body.chats).toEqual([]);
    expect((await pia.client.get("/api/user.php")).status).toBe(200);
  });
});
