// npm run bench:web: Lighthouse (mobile, simulated throttling, its defaults) against the built client
// served by the app itself on the embedded default, for the first pages of issue 19's table.
// Prints each page's scores, LCP, CLS, TBT and the JavaScript it transferred. A benchmark, not a test.
//
//   npm run bench:web              # every page, median of BENCH_RUNS (default 3) runs each
//   BENCH_PAGES=/,/signup npm run bench:web
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { runSite } from "../tests/e2e/siteProcess";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A visitor from the United States: no entry warning (the pages as most visitors see them). */
const VISITOR = { "x-forwarded-for": "8.8.8.8" };

const LOGGED_OUT = ["/landers/gallery", "/landers/tinderswipe", "/", "/signup"];
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

async function measure(port: number, url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    extraHeaders: headers,
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) console.error(`${url}: Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`);
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
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  const only = process.env.BENCH_PAGES?.split(",");
  const cookie = await demoCookie(site.url);
  const pages = [
    ...LOGGED_OUT.map((path) => ({ path, who: "visitor", headers: VISITOR })),
    ...LOGGED_IN.map((path) => ({ path, who: "member", headers: { ...VISITOR, cookie } })),
  ].filter((p) => !only || only.includes(p.path));
  console.log(`Lighthouse ${RUNS} run(s) per page, median; mobile, simulated throttling`);
  console.log("page                    who      perf  a11y  bp  seo   LCP ms    CLS   TBT ms  JS KB  IMG KB");
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, site.url + page.path, page.headers));
    const f = medians(runs);
    console.log(
      `${page.path.padEnd(23)} ${page.who.padEnd(7)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${String(f.bestPractices).padStart(3)} ${String(f.seo).padStart(4)} ${f.lcpMs.toFixed(0).padStart(8)} ${f.cls.toFixed(3).padStart(6)} ${f.tbtMs.toFixed(0).padStart(8)} ${f.scriptKb.toFixed(1).padStart(6)} ${f.imageKb.toFixed(1).padStart(7)}`,
    );
  }
} finally {
  chrome.kill();
  await site.stop();
  site.remove();
}
