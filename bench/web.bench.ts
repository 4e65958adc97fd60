// npm run bench:web: Lighthouse (mobile, simulated throttling, its defaults) against the built client
// served by the app itself on the embedded default, for the first pages of issue 19's table.
// Prints each page's scores, LCP, CLS, TBT and the JavaScript it transferred. A benchmark, not a test.
//
//   npm run bench:web              # every page, median of BENCH_RUNS (default 3) runs each
//   BENCH_PAGES=/,/signup npm run bench:web
//   BENCH_H2=1 ...                 # through an HTTP/2 front over TLS, as Caddy serves the app in production
//   BENCH_DETAIL=1 ...             # also each run's LCP element and its requests in the order they started
//   BENCH_TRACE=/tmp/traces ...    # also writes each run's trace (unthrottled, as Lighthouse recorded it) there
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { runSite } from "../tests/e2e/siteProcess";
import { startH2Front } from "./h2Front";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A visitor from the United States: no entry warning (the pages as most visitors see them). */
const VISITOR = { "x-forwarded-for": "8.8.8.8" };

/** `{id}`: a member of the demo site, the newest the demo member finds. */
const LOGGED_OUT = ["/landers/gallery", "/landers/tinderswipe", "/members/{id}/landing", "/", "/signup"];
const LOGGED_IN = ["/", "/members", "/chats"];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
  imageKb: number;
}

/** The first member the demo member's search finds (for a member's own landing page). */
async function someMemberId(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/members.php`, { headers: { cookie, ...VISITOR } });
  const found = (await res.json()) as { profiles: Array<{ id: number }> };
  if (!found.profiles[0]) throw new Error("the demo site has no member to land on");
  return found.profiles[0].id;
}

async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json", ...VISITOR },
    body: JSON.stringify({ email: "demo@example.com", password: "demo12345" }),
  });
  if (!res.ok) throw new Error(`demo login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * A member's run: Chromium sends no cookie given as an extra header (the member rows of earlier runs
 * measured a visitor's pages), so the session cookie goes into the browser's own cookie jar, and the
 * run keeps it (no storage reset) with the HTTP cache emptied first, as Lighthouse's reset would.
 */
async function asMember(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    await context.clearCookies();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    // Connected, not launched: this disconnects and leaves the browser and its default context's cookies.
    await browser.close();
  }
}

/** One Lighthouse run's figures, or null when Lighthouse could not measure the page (its trace failed). */
async function measure(port: number, url: string, headers: Record<string, string>, cookie?: string): Promise<Figures | null> {
  if (cookie) await asMember(port, url, cookie);
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    extraHeaders: headers,
    disableStorageReset: cookie !== undefined,
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    console.error(`${url}: Lighthouse could not measure it (run again): ${runtimeError.code}`);
    return null;
  }
  if (process.env.BENCH_TRACE) {
    // The run's trace, for a closer look at its tasks (chrome://tracing or DevTools' performance panel).
    const file = join(process.env.BENCH_TRACE, `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(result.artifacts.Trace));
    console.log(`  trace: ${file}`);
  }
  if (process.env.BENCH_DETAIL) {
    printDetail(url, audits);
    const failed = (categories["best-practices"]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
    if (failed.length) console.log(`  best practices not met: ${failed.join(", ")}`);
  }
  const summary = (audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    scriptKb: (summary.find((item) => item.resourceType === "script")?.transferSize ?? 0) / 1024,
    imageKb: (summary.find((item) => item.resourceType === "image")?.transferSize ?? 0) / 1024,
  };
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]["audits"];

/** Where a page's time goes: its LCP element and its requests (start and end in ms, KB, priority), in the order they started. */
function printDetail(url: string, audits: Audits): void {
  // Lighthouse 13's LCP breakdown: the element, and where its time went (subparts with their durations).
  const breakdown = JSON.stringify(audits["lcp-breakdown-insight"]?.details ?? {});
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(breakdown)?.[1] ?? "?";
  const parts = [...breakdown.matchAll(/"subpart":"(\w+)","label":"[^"]*","duration":([\d.]+)/g)].map((m) => `${m[1]} ${Number(m[2]).toFixed(0)} ms`);
  console.log(`\n${url}\n  LCP element: ${snippet}\n  LCP parts (observed, unthrottled): ${parts.join(", ") || "?"}`);
  const requests =
    (
      audits["network-requests"]?.details as {
        items?: Array<{ url: string; networkRequestTime: number; networkEndTime: number; transferSize: number; priority: string }>;
      }
    )?.items ?? [];
  for (const r of requests) {
    const path = r.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70);
    console.log(
      `  ${r.networkRequestTime.toFixed(0).padStart(6)} ${r.networkEndTime.toFixed(0).padStart(6)} ${(r.transferSize / 1024).toFixed(1).padStart(6)} KB ${r.priority.padEnd(8)} ${path}`,
    );
  }
  // What makes Total Blocking Time: the main thread's long tasks (start and length in ms, as
  // simulated on the throttled phone) and the script each is charged to.
  const tasks = (audits["long-tasks"]?.details as { items?: Array<{ url: string; startTime: number; duration: number }> } | undefined)?.items ?? [];
  const work = (audits["mainthread-work-breakdown"]?.details as { items?: Array<{ groupLabel: string; duration: number }> } | undefined)?.items ?? [];
  console.log(`  main thread: ${work.map((w) => `${w.groupLabel} ${w.duration.toFixed(0)} ms`).join(", ")}`);
  const boot =
    (audits["bootup-time"]?.details as { items?: Array<{ url: string; total: number; scripting: number; scriptParseCompile: number }> } | undefined)?.items ??
    [];
  for (const b of boot.slice(0, 5))
    console.log(
      `  script ${b.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 50)}: ${b.total.toFixed(0)} ms (running ${b.scripting.toFixed(0)}, compiling ${b.scriptParseCompile.toFixed(0)})`,
    );
  for (const task of tasks) {
    console.log(
      `  long task at ${task.startTime.toFixed(0).padStart(5)} ms, ${task.duration.toFixed(0).padStart(4)} ms: ${task.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70)}`,
    );
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function medians(runs: Figures[]): Figures {
  const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    tbtMs: pick("tbtMs"),
    scriptKb: pick("scriptKb"),
    imageKb: pick("imageKb"),
  };
}

if (!existsSync("dist/web/index.html")) throw new Error("Build the client first: npm run build");
// The site as `npm start` runs it, with more demo members than the journeys' 24.
const dataDir = mkdtempSync(join(tmpdir(), "amoria-web-bench-"));
const site = await runSite(dataDir, { SEED_MEMBERS: "60" });
// The photos' WebP sizes made ahead, as an operator does after a deploy (otherwise the first run of
// each page would wait while the server makes them).
execFileSync(process.execPath, ["--import", "tsx", "src/server/commands/photoSizes.ts"], {
  env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", DATA_DIR: dataDir },
  stdio: "inherit",
});
const front = process.env.BENCH_H2 ? await startH2Front(site.url) : null;
const pagesUrl = front?.url ?? site.url;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  // The front's certificate is made for the run: no authority vouches for it.
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...(front ? ["--ignore-certificate-errors"] : [])],
});
try {
  const only = process.env.BENCH_PAGES?.split(",");
  const cookie = await demoCookie(site.url);
  const memberId = await someMemberId(site.url, cookie);
  const pages = [
    ...LOGGED_OUT.map((path) => ({ path, who: "visitor", headers: VISITOR, cookie: undefined })),
    ...LOGGED_IN.map((path) => ({ path, who: "member", headers: VISITOR, cookie })),
  ].filter((p) => !only || only.includes(p.path));
  console.log(
    `Lighthouse ${RUNS} run(s) per page, median; mobile, simulated throttling; ${front ? "HTTP/2 over TLS (a front as in production)" : "HTTP/1.1 from the app itself"}`,
  );
  console.log("page                    who      perf  a11y  bp  seo   LCP ms    CLS   TBT ms  JS KB  IMG KB");
  for (const page of pages) {
    const runs: Figures[] = [];
    const url = pagesUrl + page.path.replace("{id}", String(memberId));
    // A run Lighthouse could not measure (NO_NAVSTART, now and then) is made again, up to three times.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
      const figures = await measure(chrome.port, url, page.headers, page.cookie);
      if (figures) runs.push(figures);
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
    const f = medians(runs);
    console.log(
      `${page.path.padEnd(23)} ${page.who.padEnd(7)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${String(f.bestPractices).padStart(3)} ${String(f.seo).padStart(4)} ${f.lcpMs.toFixed(0).padStart(8)} ${f.cls.toFixed(3).padStart(6)} ${f.tbtMs.toFixed(0).padStart(8)} ${f.scriptKb.toFixed(1).padStart(6)} ${f.imageKb.toFixed(1).padStart(7)}`,
    );
  }
} finally {
  chrome.kill();
  await front?.close();
  await site.stop();
  site.remove();
}
