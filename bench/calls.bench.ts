// Call setup time (issue 22): from the caller's click on "video call" to the first frame of the other
// side's picture, between two app instances (two processes on one PostgreSQL and one Redis, so the
// ringing, the answer and every WebRTC signal cross instances through pub/sub), in two Chromium
// contexts with Chromium's fake camera and microphone. The callee accepts as soon as it rings.
//
//   npx vite build && npx tsx bench/calls.bench.ts      (BENCH_CALLS=10 calls; BENCH_REDIS_URL, BENCH_DATABASE_URL)
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser";
import { createMember, createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const bench = await benchDatabase("calls_bench");
const db = bench.database.db;
await createSite(db, { domain: "127.0.0.1" });
const site = (await db.query.sites.findFirst())?.id as number;
const caller = await createMember(db, site, { name: "Carla", paidUser: true, credits: 1000, password: "bench-password-1" });
const callee = await createMember(db, site, { name: "Cal", password: "bench-password-1" });

// Both instances use one Redis prefix: they share pub/sub channels, as instances of one site do.
const prefix = `calls-${randomUUID()}`;
const children: ChildProcess[] = [];

function startInstance(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(new URL("./callServer.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_DB_URL: bench.url, BENCH_REDIS_URL: redisUrl, BENCH_PREFIX: prefix },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (m: { type: string; port: number }) => {
      if (m.type === "ready") resolve({ child, url: `http://127.0.0.1:${m.port}` });
    });
  });
}

const browser = await launchBrowser(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
try {
  const [one, two] = await Promise.all([startInstance(), startInstance()]);

  async function loggedIn(url: string, email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const status = await page.evaluate(
      async ([e, p]) =>
        (
          await fetch("/api/user.php", {
            method: "POST",
            headers: { "content-type": "application/json", "x-request-type": "spa" },
            body: JSON.stringify({ email: e, password: p }),
          })
        ).status,
      [email, "bench-password-1"],
    );
    if (status !== 200) throw new Error(`login answered ${status}`);
    return page;
  }

  const callerPage = await loggedIn(one.url, caller.email);
  const calleePage = await loggedIn(two.url, callee.email);
  await callerPage.evaluate(async (to) => {
    await fetch("/api/chat.php", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-type": "spa", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ to, text: "Hello" }),
    });
  }, callee.user.id);
  await callerPage.goto(`${one.url}/members/${callee.user.id}/chat`);
  await calleePage.goto(`${two.url}/members/${caller.user.id}/chat`);

  const firstFrame = (page: Page) =>
    page.waitForFunction(() => (document.querySelector<HTMLVideoElement>("[data-testid=call-remote-video]")?.videoWidth ?? 0) > 0, undefined, {
      timeout: 30_000,
      polling: 10,
    });

  const rows: Array<{ ring: number; callerFrame: number; calleeFrame: number }> = [];
  for (let i = 0; i < CALLS; i++) {
    await callerPage.getByTestId("call-video").waitFor();
    await callerPage.waitForFunction(() => !document.querySelector("[data-testid=call-video]")?.hasAttribute("disabled"));
    const started = performance.now();
    await callerPage.getByTestId("call-video").click();
    await calleePage.getByTestId("call-accept").waitFor({ timeout: 10_000 });
    const ring = performance.now() - started;
    await calleePage.getByTestId("call-accept").click();
    const [callerAt, calleeAt] = await Promise.all([
      firstFrame(callerPage).then(() => performance.now()),
      firstFrame(calleePage).then(() => performance.now()),
    ]);
    rows.push({ ring, callerFrame: callerAt - started, calleeFrame: calleeAt - started });
    await callerPage.getByTestId("call-end").click();
    await calleePage.getByTestId("call-notice").getByRole("button").click();
    await calleePage.getByTestId("call-notice").waitFor({ state: "detached" });
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`calls: ${CALLS}, two instances on PostgreSQL + Redis, Chromium fake devices`);
  console.log("| step (click on video call to ...) | median | min | max |");
  console.log("| --- | --- | --- | --- |");
  for (const [label, key] of [
    ["the callee's page rings", "ring"],
    ["first frame of the callee's picture on the caller's page", "callerFrame"],
    ["first frame of the caller's picture on the callee's page", "calleeFrame"],
  ] as const) {
    const values = rows.map((r) => r[key]);
    console.log(`| ${label} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`);
  }
} finally {
  await browser.close();
  for (const child of children) child.kill();
  await new Promise((r) => setTimeout(r, 1000));
  await bench.drop();
}
process.exit(0);
