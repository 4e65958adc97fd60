import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { freePort } from "../support/freePort";
import { cspViolations, launchBrowser } from "./browser";

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
  // The site works under its Content-Security-Policy: nothing it needs is blocked.
  afterEach(() => {
    expect(cspViolations.splice(0)).toEqual([]);
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
    // As `npm start` runs it: the embedded default, not the test mode of the integration tests.
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_MEMBERS: "24",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      JOB_POLL_MS: "200",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // The site's own address, as its links name it (the browser keeps one cookie jar per host name).
  const url = `http://localhost:${port}`;
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
