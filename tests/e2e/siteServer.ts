import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface SiteServer {
  url: string;
  stop(): Promise<void>;
}

/** An address GeoIP places in the United States (the journeys' default visitor). */
export const US_IP = "8.8.8.8";

/**
 * The site and a browser for one test file: both started before its tests (given to `use`) and
 * stopped after them.
 */
export function siteForFile(use: (started: { site: SiteServer; browser: Browser }) => void): void {
  let started: { site: SiteServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    started = { site, browser };
    use(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.site.stop();
  });
}

/** The real site as `npm start` runs it (embedded default, demo seed), in a fresh data folder. */
export async function startSite(env: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "dating-e2e-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_MEMBERS: "24", LOG_LEVEL: "warn", TRUST_PROXY: "true", JOB_POLL_MS: "200", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health.php`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for mails to `to` in the dev mailbox: the first link (or the first matching `pattern`) of the newest mail to `to`, once `count` mails arrived. */
export async function mailLink(site: SiteServer, to: string, count = 1, pattern = /https?:\/\/\S+/): Promise<URL> {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${site.url}/dev/mail.json?to=${encodeURIComponent(to)}`);
    const { mails } = (await res.json()) as { mails: DevMail[] };
    if (mails.length >= count) {
      const link = mails[0].text.match(pattern);
      if (!link) throw new Error("mail without link");
      return new URL(link[0]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}
