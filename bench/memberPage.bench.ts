// What a member's first page costs the server (issue 19): GET /, /members and /chats as the demo member,
// with the data block and, since the server renders these pages, their markup. autocannon, 10
// connections for BENCH_SECONDS (default 10) per page, after a warm-up; prints requests per second
// and latency. A benchmark, not a test. To compare two builds, run it from each checkout (the site is
// started from the working directory: its server code and its dist/):
//
//   npx tsx bench/memberPage.bench.ts
//   (cd ../other-checkout && npx tsx /path/to/this/bench/memberPage.bench.ts)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { runSite } from "../tests/e2e/siteProcess";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A visitor from the United States: no entry warning, as in bench/web.bench.ts. */
const FROM = { "x-forwarded-for": "8.8.8.8" };

const dataDir = mkdtempSync(join(tmpdir(), "amoria-member-page-bench-"));
const site = await runSite(dataDir, { SEED_MEMBERS: "60" });
try {
  const login = await fetch(`${site.url}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json", ...FROM },
    body: JSON.stringify({ email: "demo@example.com", password: "demo12345" }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  console.log("page       requests/s   p50 ms   p90 ms   p99 ms   KB (gzip)   rendered");
  for (const path of ["/", "/members", "/chats"]) {
    const headers = { ...FROM, cookie, "accept-encoding": "gzip" };
    const page = await fetch(`${site.url}${path}`, { headers: { ...FROM, cookie } });
    const html = await page.text();
    await autocannon({ url: `${site.url}${path}`, headers, connections: 10, duration: 2 });
    const result = await autocannon({ url: `${site.url}${path}`, headers, connections: 10, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    const kb = result.throughput.average / result.requests.average / 1024;
    console.log(
      `${path.padEnd(10)} ${result.requests.average.toFixed(0).padStart(10)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p90).padStart(8)} ${String(result.latency.p99).padStart(8)} ${kb.toFixed(1).padStart(11)}   ${html.includes('<div id="root" data-ssr=""') ? "yes" : "no"}`,
    );
  }
} finally {
  await site.stop();
  site.remove();
}
