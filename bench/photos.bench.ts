// Serving a photo (GET /photos/<file>: the access check, then the bytes) with the photos in the local
// folder of the embedded default and in an S3-compatible bucket (s3rver, in a process of its own),
// measured in one run on PostgreSQL (BENCH_DATABASE_URL, default the local test database). Prints the
// time of one request at a time, the throughput of 10 connections (autocannon, BENCH_SECONDS each),
// each the median of BENCH_ROUNDS rounds, and the ratio bucket / folder.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { open, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createMember, createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEQUENTIAL = 300;
/** Each figure is the median of this many rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const s3rver = spawn(process.execPath, ["--import", "tsx", "bench/s3rverServer.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
});
const [line] = await createInterface({ input: s3rver.stdout })
  [Symbol.asyncIterator]()
  .next()
  .then((r) => [r.value as string]);
const bucketEnv = JSON.parse(line) as Record<string, string>;

const bench = await benchDatabase("dating_photos_bench");
const { database } = bench;
const env = { NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: mkdtempSync(join(tmpdir(), "bench-photos-")), SMTP_URL: "smtp://127.0.0.1:2525" };
const site = await createSite(database.db);
const { email, password } = await createMember(database.db, site.id);

/** A photo-like picture: smooth colour areas with some grain, 1600 x 2000. */
async function photo(): Promise<Buffer> {
  const small = Buffer.alloc(160 * 200 * 3);
  for (let i = 0; i < small.length; i++) small[i] = (Math.sin(i / 997) * 90 + 128 + Math.random() * 40) & 255;
  return sharp(small, { raw: { width: 160, height: 200, channels: 3 } })
    .resize(1600, 2000)
    .jpeg({ quality: 90 })
    .toBuffer();
}
const upload = await photo();

/**
 * Why a local file is sent whole: two bare routes (no access check) that send the same stored file
 * read whole or as a file stream.
 */
function sendingRoutes(app: FastifyInstance) {
  const folder = join(env.DATA_DIR, "uploads/photos");
  app.get<{ Params: { file: string } }>("/bench/whole/:file", { config: { auth: "visitor" } }, async (request, reply) => {
    const body = await readFile(join(folder, basename(request.params.file)));
    return reply.type("image/jpeg").header("content-length", body.length).send(body);
  });
  app.get<{ Params: { file: string } }>("/bench/stream/:file", { config: { auth: "visitor" } }, async (request, reply) => {
    const handle = await open(join(folder, basename(request.params.file)));
    const { size } = await handle.stat();
    return reply.type("image/jpeg").header("content-length", size).send(handle.createReadStream());
  });
}

async function start(label: string, extra: Record<string, string>) {
  const server = await buildApp(loadConfig({ ...env, ...extra }), { database, extraRoutes: sendingRoutes });
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
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(upload)], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(`${base}/api/photos.php`, { method: "POST", headers: { cookie }, body: form });
  const { photo } = (await res.json()) as { photo: { filename: string; thumb_filename: string } };
  return { label, server, base, cookie, files: { photo: photo.filename, thumb: photo.thumb_filename } };
}

type Instance = Awaited<ReturnType<typeof start>>;

/** One request at a time: the time a viewer waits for one photo (median and 95th percentile). */
async function sequential(app: Instance, path: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SEQUENTIAL + 50; i++) {
    const started = performance.now();
    const res = await fetch(app.base + path, { headers: { cookie: app.cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${app.label} ${path}: ${res.status}`);
    if (i >= 50) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], bytes };
}

async function throughput(app: Instance, path: string) {
  const options = { url: app.base + path, connections: 10, headers: { cookie: app.cookie } };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${app.label} ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const local = await start("local folder", {});
const s3 = await start("S3 bucket (s3rver)", bucketEnv);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows: string[] = [];
for (const file of ["photo", "thumb"] as const) {
  // Rounds alternate between the two, so that a busy moment of the machine does not fall on one only.
  const runs = new Map<Instance, Array<{ p50: number; p95: number; bytes: number; rps: number; p99: number }>>([
    [local, []],
    [s3, []],
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const app of [local, s3]) {
      const path = app.files[file];
      runs.get(app)?.push({ ...(await sequential(app, path)), ...(await throughput(app, path)) });
    }
  }
  const summary = (app: Instance) => {
    const r = runs.get(app) ?? [];
    const pick = (key: "p50" | "p95" | "rps" | "p99") => median(r.map((x) => x[key]));
    return { p50: pick("p50"), p95: pick("p95"), rps: pick("rps"), p99: pick("p99"), bytes: r[0].bytes };
  };
  const [l, b] = [summary(local), summary(s3)];
  for (const [app, x] of [
    [local, l],
    [s3, b],
  ] as const) {
    rows.push(
      `| ${file} (${(x.bytes / 1024).toFixed(0)} KB) | ${app.label} | ${x.p50.toFixed(2)} ms | ${x.p95.toFixed(2)} ms | ${Math.round(x.rps)} | ${x.p99} ms |`,
    );
  }
  rows.push(
    `| ${file} | bucket / folder | ${(b.p50 / l.p50).toFixed(2)}x | ${(b.p95 / l.p95).toFixed(2)}x | ${(b.rps / l.rps).toFixed(2)}x | ${(b.p99 / l.p99).toFixed(2)}x |`,
  );
}
console.log("| file | storage | one at a time p50 | p95 | 10 connections req/s | p99 |\n|---|---|---|---|---|---|");
console.log(rows.join("\n"));

console.log("\n| local file, no access check | sent whole: req/s | as a file stream: req/s | whole / stream |\n|---|---|---|---|");
for (const file of ["photo", "thumb"] as const) {
  const name = local.files[file].replace("/photos/", "");
  const whole: number[] = [];
  const stream: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    whole.push((await throughput(local, `/bench/whole/${name}`)).rps);
    stream.push((await throughput(local, `/bench/stream/${name}`)).rps);
  }
  console.log(`| ${file} | ${Math.round(median(whole))} | ${Math.round(median(stream))} | ${(median(whole) / median(stream)).toFixed(2)}x |`);
}

await local.server.close();
await s3.server.close();
s3rver.kill("SIGTERM");
await bench.drop();
