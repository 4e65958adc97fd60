// The busiest member reads and a bare Fastify JSON route, measured in one run with autocannon on
// PostgreSQL (BENCH_DATABASE_URL, default the local test database) and Redis (BENCH_REDIS_URL,
// default the local one; "none" runs without). Prints requests per second, p99 latency and each as a
// ratio to the bare route of the same run. BENCH_CONNECTIONS (default 50), BENCH_SECONDS (default 10),
// BENCH_ROUTES (comma-separated labels below, default all). BENCH_DATABASE=pglite measures the embedded
// default instead: PGlite in a data folder, without Redis.
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { eq } from "drizzle-orm";
import { blocks, likes, photos, profiles } from "../src/server/db/schema";
import { createMember, createSite } from "../tests/support/factories";
import { openDatabase } from "../src/server/db/client";
import { benchDatabase } from "./benchDatabase";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const embedded = process.env.BENCH_DATABASE === "pglite";
const redisUrl = embedded ? "none" : (process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379");
const only = process.env.BENCH_ROUTES?.split(",");

const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
const bench = embedded
  ? await (async () => {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      return { database, drop: () => database.close() };
    })()
  : await benchDatabase("dating_bench");
const { database } = bench;
const config = loadConfig({
  NODE_ENV: embedded ? "development" : "production",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  SMTP_URL: "smtp://127.0.0.1:2525",
  ...(redisUrl === "none" ? {} : { REDIS_URL: redisUrl }),
});
const buildOptions = {
  database,
  redisPrefix: `bench${Date.now()}:`,
  extraRoutes: (app: import("fastify").FastifyInstance) => {
    app.get("/bench/bare", { config: { auth: "visitor" } }, async () => ({ ok: true, hello: "world" }));
    // A kept answer of likes.php's size (120 likes, 100 cards: about 24.6 kB) sent as is, without
    // any database: what the size alone costs ("bare-24k").
    const kept = Buffer.from(JSON.stringify({ filler: "x".repeat(24_580) }));
    app.get("/bench/bare-24k", { config: { auth: "visitor" } }, async (_request, reply) => reply.type("application/json; charset=utf-8").send(kept));
  },
};
const server = await buildApp(config, buildOptions);
const site = await createSite(database.db);
const { user: viewer, email, password } = await createMember(database.db, site.id, { profile: { gender: "male", country: "DE" } });
// 400 members in Germany of both genders and ages 20 to 59 (the search finds about 100 of them),
// 60 likes each way with the viewer (20 of them mutual) and 2 blocks.
const others: number[] = [];
for (let i = 0; i < 400; i++) {
  const { user } = await createMember(database.db, site.id, {
    profile: { gender: i % 2 ? "female" : "male", country: "DE", dateOfBirth: `${1967 + (i % 40)}-03-0${1 + (i % 9)}` },
  });
  others.push(user.id);
}
// Each of them with an approved main photo, as listed members have: the page's join reads photos by key.
await database.db.insert(photos).values(
  others.map((id) => ({
    id: `bench${id}`,
    profileId: id,
    filename: `bench${id}.jpg`,
    thumbFilename: `bench${id}_thumb.jpg`,
    matchFilename: `bench${id}_match.jpg`,
    blurredFilename: `bench${id}_blur.jpg`,
    status: "approved" as const,
  })),
);
for (const id of others)
  await database.db
    .update(profiles)
    .set({ mainPhotoId: `bench${id}` })
    .where(eq(profiles.id, id));
await database.db.insert(likes).values(others.slice(0, 60).map((id) => ({ likerId: id, likedId: viewer.id })));
await database.db.insert(likes).values(others.slice(40, 100).map((id) => ({ likerId: viewer.id, likedId: id })));
await database.db.insert(blocks).values([
  { blockerId: viewer.id, blockedId: others[101] },
  { blockerId: others[103], blockedId: viewer.id },
]);
await database.db.execute("ANALYZE");

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

async function measure(path: string, headers: Record<string, string> = {}) {
  await autocannon({ url: base + path, connections: 10, duration: 2, headers }); // warm-up: JIT, pool, prepared statements
  const result = await autocannon({ url: base + path, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const routes: Array<[label: string, path: string, target: number]> = [
  ["settings", "/api/settings.php", 0.7],
  ["user", "/api/user.php", 0.25],
  ["search", "/api/members.php?gender=female&country=DE&min_age=25&max_age=45", 0.1],
  ["search-page2", "/api/members.php?gender=female&country=DE&min_age=25&max_age=45&cursor=300", 0.1],
  ["likes", "/api/likes.php", 0.25],
  ["chats", "/api/chats.php", 0.25],
  ["bare-24k", "/bench/bare-24k", 0.25],
];
// On a shared machine the load swings within a minute: every route is measured right after a bare
// run of its own and given as a ratio to that one.
// Issue 20's targets on the embedded default: chats, likes and search at 5% of bare each.
const EMBEDDED_TARGETS: Record<string, number> = { search: 0.05, "search-page2": 0.05, likes: 0.05, chats: 0.05 };
type Result = { rps: number; p99: number };
const results: Array<[string, Result, Result, number]> = [];
for (const [label, path, target] of routes) {
  if (only && !only.includes(label)) continue;
  const bare = await measure("/bench/bare");
  const goal = embedded ? (EMBEDDED_TARGETS[label] ?? target) : target;
  results.push([`${label}: GET ${path}`, await measure(path, path === "/api/settings.php" ? {} : { cookie }), bare, goal]);
}
await server.close();

console.log(`${connections} connections, ${seconds} s, ${embedded ? "embedded PGlite" : "PostgreSQL"}, Redis ${redisUrl}`);
console.log("| route | req/s | p99 | bare req/s just before | bare p99 | of bare | target |\n|---|---|---|---|---|---|---|");
for (const [label, r, bare, target] of results) {
  const ratio = r.rps / bare.rps;
  console.log(
    `| ${label} | ${Math.round(r.rps)} | ${r.p99} ms | ${Math.round(bare.rps)} | ${bare.p99} ms | ${(ratio * 100).toFixed(1)}% | ${target * 100}%: ${ratio >= target ? "met" : "NOT met"} |`,
  );
}

await bench.drop();
process.exit(0);
