// npm run bench:photos: how many bytes of member photos a phone (390x844, 3 device pixels per CSS
// pixel, as an iPhone 12-15) loads on the first pages of issue 19: in the first screen, and after
// scrolling to the end of the page (every lazy photo). A benchmark, not a test.
//
//   npm run bench:photos                         # starts the site from the built client (npm run build)
//   BENCH_URL=http://localhost:3000 npm run bench:photos   # measures a site already running
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { runSite } from "../tests/e2e/siteProcess";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = (process.env.BENCH_PAGES ?? "/landers/gallery,/").split(",");
/** A visitor from the United States: no entry warning. */
const VISITOR = { "x-forwarded-for": "8.8.8.8" };
const DPR = Number(process.env.BENCH_DPR ?? 3);

interface Load {
  files: number;
  bytes: number;
  types: Set<string>;
}

/** Photo responses (under /photos/) of the page from now on. */
function watchPhotos(page: Page): Load {
  const load: Load = { files: 0, bytes: 0, types: new Set() };
  page.on("response", async (res) => {
    if (!new URL(res.url()).pathname.startsWith("/photos/") || res.status() !== 200) return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    load.files++;
    load.bytes += body.length;
    load.types.add(res.headers()["content-type"] ?? "?");
  });
  return load;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

let site: { url: string; stop: () => Promise<void>; remove: () => void } | null = null;
let url = process.env.BENCH_URL;
if (!url) {
  if (!existsSync("dist/web/index.html")) throw new Error("Build the client first: npm run build");
  site = await runSite(mkdtempSync(join(tmpdir(), "amoria-photo-bench-")), { SEED_MEMBERS: "60" });
  url = site.url;
}
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
try {
  console.log(`Photo bytes on a phone, 390x844 at ${DPR}x, a visitor`);
  console.log("page                    first screen: files      KB   whole page: files      KB   types");
  for (const path of PAGES) {
    // A fresh context each time: nothing in the browser's cache. The first load of each page makes
    // any missing size on the server; the second one is measured.
    let first = { files: 0, bytes: 0 };
    let whole: Load = { files: 0, bytes: 0, types: new Set() };
    for (let round = 0; round < 2; round++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: DPR,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: VISITOR,
      });
      const page = await context.newPage();
      whole = watchPhotos(page);
      await page.goto(url + path, { waitUntil: "networkidle" });
      first = { files: whole.files, bytes: whole.bytes };
      for (let y = 0; y < 20; y++) {
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(150);
      }
      await page.waitForLoadState("networkidle");
      await context.close();
    }
    console.log(
      `${path.padEnd(23)} ${String(first.files).padStart(19)} ${kb(first.bytes)} ${String(whole.files).padStart(18)} ${kb(whole.bytes)}   ${[...whole.types].join(", ")}`,
    );
  }
} finally {
  await browser.close();
  if (site) {
    await site.stop();
    site.remove();
  }
}
