// GET /api/chats.php for a member with 500 conversations (issue 4: p95 under 10 ms), in process on
// PostgreSQL (BENCH_DATABASE_URL, default the local test database): every partner with a main photo
// and a last message. Prints latency p50/p95/p99 of sequential calls and the process's CPU per call.
// Run: npx tsx bench/chats.bench.ts (BENCH_CALLS=1000 by default).
import { mkdtempSync } from "node:fs";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { rowsOf } from "../src/server/db/client";
import { loadConfig } from "../src/server/config";
import { createMember, createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const CONVERSATIONS = 500;
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);

const bench = await benchDatabase("dating_bench_chats");
const { database } = bench;
const db = database.db;
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")), SMTP_URL: "smtp://127.0.0.1:2525" });
const server = await buildApp(config, { database });
const site = await createSite(db);
const { user, email, password } = await createMember(db, site.id);
const me = user.id;

// Partners with a photo each, a conversation with the member, and a last message from the partner.
await db.execute(sql`INSERT INTO users (site_id, email, password_hash, status, language)
  SELECT ${site.id}, 'partner' || g || '@example.com', 'x', 'confirmed', 'en' FROM generate_series(1, ${CONVERSATIONS}) g`);
await db.execute(sql`INSERT INTO profiles (id, site_id, name, status, gender, date_of_birth, country, region, city)
  SELECT id, site_id, 'Partner ' || id, 'enabled', 'female', date '1990-01-01' + (id % 3000), 'NL', 'NH', 'Haarlem' FROM users WHERE site_id = ${site.id} AND id <> ${me}`);
await db.execute(sql`INSERT INTO photos (id, profile_id, filename, thumb_filename, match_filename, blurred_filename, status)
  SELECT 'p' || id, id, 'p' || id || '.jpg', 'p' || id || '_t.jpg', 'p' || id || '_m.jpg', 'p' || id || '_b.jpg', 'approved' FROM profiles WHERE site_id = ${site.id} AND id <> ${me}`);
await db.execute(sql`UPDATE profiles SET main_photo_id = 'p' || id WHERE site_id = ${site.id} AND id <> ${me}`);
await db.execute(sql`INSERT INTO conversations (site_id, member_a, member_b, started_by, last_message_at)
  SELECT ${site.id}, ${me}, id, id, now() - (id % 500) * interval '1 minute' FROM users WHERE site_id = ${site.id} AND id <> ${me}`);
await db.execute(sql`INSERT INTO conversation_members (conversation_id, member_id, unread)
  SELECT c.id, m.m, CASE WHEN m.m = ${me} THEN 1 ELSE 0 END FROM conversations c CROSS JOIN LATERAL (VALUES (c.member_a), (c.member_b)) m(m) WHERE c.member_a = ${me}`);
await db.execute(sql`INSERT INTO messages (conversation_id, sender_id, kind, body)
  SELECT id, member_b, 'text', 'Hello there, how was your day?' FROM conversations WHERE member_a = ${me}`);
await db.execute(sql`VACUUM ANALYZE`);

await server.app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/user.php`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email, password }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");

// The answer is checked once; the measured calls read the bytes without parsing them (as a browser's
// network time would), so that the figure is the server's.
const first = await fetch(`${base}/api/chats.php`, { headers: { cookie } });
const body = (await first.json()) as { chats: unknown[] };
if (first.status !== 200 || body.chats.length !== CONVERSATIONS) throw new Error(`chats.php answered ${first.status} with ${body.chats.length} chats`);
// node:http on a kept-alive connection: about half the CPU of fetch(), which shares the process.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const call = () =>
  new Promise<void>((resolve, reject) => {
    const req = request(`${base}/api/chats.php`, { agent, headers: { cookie } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`chats.php answered ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
for (let i = 0; i < 100; i++) await call();

// Three measurements: the list unchanged between calls; one conversation changed before every call
// (a partner's message, outside the timed call: the usual reload after a message arrives); and every
// item built again.
async function measure(label: string, calls: number, beforeEach?: () => Promise<unknown>) {
  const times: number[] = [];
  let cpuMicros = 0;
  for (let i = 0; i < calls; i++) {
    if (beforeEach) await beforeEach();
    const cpu = process.cpuUsage();
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(
    `GET /api/chats.php, ${CONVERSATIONS} conversations, ${calls} sequential calls, ${label}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms`,
  );
  console.log(`  CPU of this process per call (the app and this client): ${(cpuMicros / 1000 / calls).toFixed(2)} ms`);
}

const [{ first: firstConversation }] = rowsOf<{ first: number }>(
  await db.execute(sql`SELECT min(conversation_id) AS first FROM conversation_members WHERE member_id = ${me}`),
);
let sent = 0;
const partnerWrites = () =>
  db.execute(sql`WITH m AS (INSERT INTO messages (conversation_id, sender_id, kind, body)
      SELECT id, member_b, 'text', 'Another message' FROM conversations WHERE id = ${firstConversation + (sent++ % CONVERSATIONS)} RETURNING conversation_id, created_at),
    c AS (UPDATE conversations SET last_message_at = (SELECT created_at FROM m) WHERE id = (SELECT conversation_id FROM m))
    UPDATE conversation_members SET unread = unread + 1 WHERE member_id = ${me} AND conversation_id = (SELECT conversation_id FROM m)`);
await measure("list unchanged between calls", CALLS);
await measure("one conversation changed before every call", CALLS, partnerWrites);
// A block (of a member who is no partner) starts the kept list afresh, as a new instance would.
const { user: stranger } = await createMember(db, site.id);
let blocked = false;
await measure("every item built again (after a block, or a new instance's first call)", Math.min(CALLS, 300), () => {
  blocked = !blocked;
  return blocked
    ? db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${me}, ${stranger.id})`)
    : db.execute(sql`DELETE FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${stranger.id}`);
});

agent.destroy();
await server.close();
// BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE (its name is printed).
if (process.env.BENCH_KEEP) console.log(`kept database ${bench.name}, member ${me}`);
else await bench.drop();
