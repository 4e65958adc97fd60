// WebSocket fan-out: BENCH_SOCKETS logged-in members (default 10,000) connected to two app
// instances (each in its own process, bench/realtimeServer.ts) on one PostgreSQL and Redis, messages
// sent between random pairs at BENCH_RATE per second (default 200) through the HTTP API by this
// process, which also holds the client sockets; measures send-to-receive latency and the servers'
// memory per connection. Also GET /api/chats.php for a member with 500 conversations. Everything
// runs on this machine (two cores): the load generator shares them with the servers.
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { hashToken } from "../src/server/features/auth/tokens";
import { createSite } from "../tests/support/factories";
import { startSmtpSink } from "../tests/support/smtpSink";
import { benchDatabase } from "./benchDatabase";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// Sends before the measured ones, at the same rate: the first conversations, pooled connections and
// the JIT settle, as on a site that is already running (0 to measure from a cold start).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const TOTAL_SECONDS = SECONDS + WARMUP_SECONDS;
// How often the load generator sends what is due: every 5 ms is one message per tick at 200/s, a
// steady rate; the 50 ms of earlier runs sent bursts of 10 at once, which queued behind each other.
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 5);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const bench = await benchDatabase("dating_rt_bench");
const { database, name } = bench;
const { db } = database;
const site = await createSite(db);

// Members with sessions made in SQL (argon2 for 10,000 logins would measure argon2).
console.log(`creating ${SOCKETS} members…`);
await db.execute(sql`INSERT INTO users (site_id, email, password_hash, status, language, credits, paid_user)
  SELECT ${site.id}, 'rt' || g || '@bench.invalid', '!', 'confirmed', 'en', 100000, true FROM generate_series(1, ${SOCKETS}) g`);
await db.execute(sql`INSERT INTO profiles (id, site_id, name, status, gender, country, date_of_birth)
  SELECT id, site_id, 'M' || id, 'enabled', CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END, 'NL', '1990-01-01' FROM users WHERE site_id = ${site.id}`);
await db.execute(sql`INSERT INTO sessions (token_hash, user_id, expires_at)
  SELECT encode(sha256(('token-' || id)::bytea), 'hex'), id, now() + interval '1 day' FROM users WHERE site_id = ${site.id}`);
const ids = (await db.execute(sql`SELECT id FROM users WHERE site_id = ${site.id} ORDER BY id`)) as unknown as { rows: Array<{ id: number }> };
const memberIds = ids.rows.map((r) => r.id);
if (
  hashToken("token-1") !== ((await db.execute(sql`SELECT encode(sha256('token-1'::bytea), 'hex') AS h`)) as unknown as { rows: Array<{ h: string }> }).rows[0].h
) {
  throw new Error("session hashing differs");
}

interface Stats {
  rss: number;
  heapUsed: number;
  connections: number;
  cpu: NodeJS.CpuUsage;
  queries: number;
  /** Event loop delay since the last question, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
}

/** Busy and total CPU time of the whole machine so far (Linux /proc/stat, in ticks): other work on it shows here. */
const machineCpu = () => {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
};

/** CPU seconds used so far by this database's PostgreSQL backends (Linux /proc; 0 for one that ended). */
const postgresCpu = async (): Promise<Map<number, number>> => {
  const pids = (await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as unknown as { rows: Array<{ pid: number }> };
  const ticks = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Not on this machine, or ended.
    }
  }
  return ticks;
};
/** CPU (ms) and statements of everything that served the messages, between two samples. */
interface CpuSample {
  machine: { busy: number; total: number };
  servers: Stats[];
  postgres: Map<number, number>;
  bench: NodeJS.CpuUsage;
}
const sampleCpu = async (): Promise<CpuSample> => ({
  machine: machineCpu(),
  servers: await statsOf(),
  postgres: await postgresCpu(),
  bench: process.cpuUsage(),
});
const cpuReport = (from: CpuSample, to: CpuSample, messages: number) => {
  const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  const server = to.servers.reduce((n, s, i) => n + ms(s.cpu) - ms(from.servers[i].cpu), 0);
  const queries = to.servers.reduce((n, s, i) => n + s.queries - from.servers[i].queries, 0);
  let postgres = 0;
  for (const [pid, seconds] of to.postgres) postgres += (seconds - (from.postgres.get(pid) ?? 0)) * 1000;
  const bench = ms(to.bench) - ms(from.bench);
  const per = (x: number) => (x / messages).toFixed(2);
  const seconds = (to.machine.total - from.machine.total) / 100 / 2;
  const machine = (((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * 100).toFixed(0);
  const ours = (((server + postgres + bench) / 1000 / (seconds * 2)) * 100).toFixed(0);
  const loop = to.servers.map((s) => `p99 ${s.loopDelayP99.toFixed(0)} ms, max ${s.loopDelayMax.toFixed(0)} ms`).join("; ");
  const own = `p99 ${(ownLoopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(ownLoopDelay.max / 1e6).toFixed(0)} ms`;
  return [
    `CPU per message: app instances ${per(server)} ms, PostgreSQL backends ${per(postgres)} ms, load generator ${per(bench)} ms; statements per message ${per(queries)}`,
    `machine CPU busy ${machine}% of both cores over ${seconds.toFixed(0)} s, of which this benchmark ${ours}%; app event loop delay ${loop}; load generator's ${own}`,
  ].join("\n");
};
// A real SMTP server takes the notification mails, so that mail jobs that come due in the run
// (BENCH_MAIL_DELAY_S below the product's 300 s) cost what they cost, not failures and retries.
const smtp = await startSmtpSink();
const servers: ChildProcess[] = [];
const bases: string[] = [];
for (let i = 0; i < 2; i++) {
  const child = fork(new URL("./realtimeServer.ts", import.meta.url).pathname, [], {
    // BENCH_CPU_PROF=folder writes a CPU profile of each instance there (node --cpu-prof).
    execArgv: ["--expose-gc", "--import", "tsx", ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_DB_URL: bench.url, BENCH_REDIS_URL: redisUrl, BENCH_PREFIX: name, BENCH_SMTP_URL: smtp.url },
  });
  servers.push(child);
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  bases.push(`127.0.0.1:${port}`);
}
const ask = (child: ChildProcess) =>
  new Promise<Stats>((resolve) => {
    child.once("message", (m: Stats) => resolve(m));
    child.send("stats");
  });
const statsOf = async () => Promise.all(servers.map(ask));

const before = await statsOf();
const sockets = new Map<number, WebSocket>();
const waiting = new Map<string, number>();
const latencies: number[] = [];
console.log(`connecting ${SOCKETS} sockets to two instances…`);
for (let i = 0; i < memberIds.length; i += 200) {
  await Promise.all(
    memberIds.slice(i, i + 200).map(
      (id, j) =>
        new Promise<void>((resolve, reject) => {
          // The site's own Origin, as a browser sends it (the server refuses any other).
          const ws = new WebSocket(`ws://${bases[(i + j) % 2]}/api/socket`, {
            headers: { cookie: `auth=token-${id}`, origin: `http://${bases[(i + j) % 2]}` },
          });
          ws.on("message", (data) => {
            const event = JSON.parse(data.toString());
            if (event.type === "ready") return resolve();
            if (event.type === "message" && event.message.sender !== id) {
              const sentAt = waiting.get(event.message.body);
              if (sentAt !== undefined) {
                if (event.message.body.startsWith("m")) latencies.push(performance.now() - sentAt);
                waiting.delete(event.message.body);
              }
            }
          });
          ws.on("error", reject);
          sockets.set(id, ws);
        }),
    ),
  );
}
const after = await statsOf();
const serverConnections = after.reduce((n, s) => n + s.connections, 0);
const perConnection = (key: "rss" | "heapUsed") => (after.reduce((n, s, i) => n + s[key] - before[i][key], 0) / serverConnections / 1024).toFixed(1);
console.log(`connected: ${serverConnections} sockets held by the two instances`);

// Statistics as a running database has them (autovacuum would otherwise analyse the new tables in
// the middle of the run, and the plans would change under the measurement).
await db.execute(sql`VACUUM ANALYZE`);
console.log(`sending ${RATE} messages/s for ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s measured…`);
let sent = 0;
let failed = 0;
const cpuBefore = await sampleCpu();
// A late load generator would add its own delay to every latency it measures.
const ownLoopDelay = monitorEventLoopDelay({ resolution: 10 });
ownLoopDelay.enable();
const started = performance.now();
const answered: number[] = [];
const failures: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    // As many as are due by now: a late timer (a busy load generator) must not lower the rate.
    const due = Math.min(RATE * TOTAL_SECONDS, Math.floor(((performance.now() - started) * RATE) / 1000)) - sent;
    for (let k = 0; k < due; k++) {
      const from = memberIds[Math.floor(Math.random() * memberIds.length)];
      let to = memberIds[Math.floor(Math.random() * memberIds.length)];
      if (to === from) to = memberIds[(memberIds.indexOf(from) + 1) % memberIds.length];
      const sentAt = performance.now();
      // Warm-up messages ("w…") are sent and delivered like the others, but not measured.
      const measured = sentAt - started >= WARMUP_SECONDS * 1000;
      const body = `${measured ? "m" : "w"}${sent++}`;
      waiting.set(body, sentAt);
      const payload = JSON.stringify({ to, text: body });
      // node:http with kept-alive connections: fetch() cost the load generator about twice the CPU.
      const req = request(
        `http://${bases[sent % 2]}/api/chat.php`,
        {
          method: "POST",
          agent,
          // An Idempotency-Key on every send, as the web client does (src/web/api/chatApi.ts).
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            cookie: `auth=token-${from}`,
            "idempotency-key": randomUUID(),
          },
        },
        (res) => {
          if (measured) answered.push(performance.now() - sentAt);
          if (res.statusCode === 200) {
            res.resume();
            return;
          }
          failed++;
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => failures.push(`${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`));
        },
      );
      req.on("error", (err) => {
        failed++;
        failures.push(err.message);
      });
      req.end(payload);
    }
    if (performance.now() - started > TOTAL_SECONDS * 1000) {
      clearInterval(timer);
      setTimeout(resolve, 2000);
    }
  }, TICK_MS);
});

const cpuAfter = await sampleCpu();
latencies.sort((a, b) => a - b);
answered.sort((a, b) => a - b);
const quantile = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]?.toFixed(1);
const q = (p: number) => quantile(latencies, p);
console.log(`\nmessages sent ${sent} (${WARMUP_SECONDS} s of warm-up included), failed ${failed}, measured and received ${latencies.length}`);
for (const failure of failures.slice(0, 5)) console.log(`  failed: ${failure}`);
console.log(`| sockets | rate | p50 | p99 | server memory per connection |`);
console.log(`|---|---|---|---|---|`);
console.log(`| ${SOCKETS} | ${RATE}/s | ${q(0.5)} ms | ${q(0.99)} ms | ${perConnection("rss")} KB RSS, ${perConnection("heapUsed")} KB heap |`);
console.log(`POST /api/chat.php answered: p50 ${quantile(answered, 0.5)} ms, p99 ${quantile(answered, 0.99)} ms`);
console.log(cpuReport(cpuBefore, cpuAfter, sent));

for (const ws of sockets.values()) ws.terminate();

// GET /api/chats.php for a member with 500 conversations.
const member = memberIds[0];
await db.execute(sql`INSERT INTO conversations (site_id, member_a, member_b, started_by, last_message_at)
  SELECT ${site.id}, ${member}, id, ${member}, now() - (id % 500) * interval '1 minute' FROM users WHERE site_id = ${site.id} AND id <> ${member} ORDER BY id LIMIT 500
  ON CONFLICT DO NOTHING`);
await db.execute(sql`INSERT INTO conversation_members (conversation_id, member_id, unread)
  SELECT c.id, m.m, 1 FROM conversations c CROSS JOIN LATERAL (VALUES (c.member_a), (c.member_b)) m(m) WHERE c.member_a = ${member} OR c.member_b = ${member}
  ON CONFLICT DO NOTHING`);
await db.execute(
  sql`INSERT INTO messages (conversation_id, sender_id, kind, body) SELECT id, member_b, 'text', 'hello there' FROM conversations WHERE member_a = ${member}`,
);
await db.execute(sql`VACUUM ANALYZE`);
// The instances have just closed 10,000 sockets: let them collect that garbage first, so that the
// figure is the call's (bench/chats.bench.ts measures the call alone in more detail).
await new Promise((resolve) => setTimeout(resolve, 3000));
const times: number[] = [];
for (let i = 0; i < 220; i++) {
  const t = performance.now();
  const res = await fetch(`http://${bases[0]}/api/chats.php`, { headers: { cookie: `auth=token-${member}` } });
  await res.arrayBuffer();
  if (i >= 20) times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`\nGET /api/chats.php, 500 conversations: p50 ${times[100].toFixed(2)} ms, p95 ${times[190].toFixed(2)} ms`);

for (const child of servers) {
  child.send("stop");
  await new Promise((resolve) => child.once("exit", resolve));
}
console.log(`notification mails received by the SMTP sink: ${smtp.received.length}`);
await smtp.close();
await bench.drop();
process.exit(0);
