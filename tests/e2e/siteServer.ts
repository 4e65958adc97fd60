import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { cspViolations, launchBrowser } from "./browser";
import { runSite, type SiteServer } from "./siteProcess";

export type { SiteServer };

/** An address GeoIP places in the United States (the journeys' default visitor). */
export const US_IP = "8.8.8.8";

/**
 * The site and a browser for one test file: both started before its tests (given to `use`) and
 * stopped after them. `env`, called before the start, gives the site's environment (see startSite).
 */
export function siteForFile(
  use: (started: { site: SiteServer; browser: Browser }) => void,
  options: { browserArgs?: string[]; env?: () => Record<string, string> } = {},
): void {
  let started: { site: SiteServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const [site, browser] = await Promise.all([startSite(options.env?.()), launchBrowser(options.browserArgs)]);
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
    started?.site.remove();
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder the site made on its first start (migrated, demo seeded) and left cleanly: see globalSetup. */
    siteTemplate?: string;
  }
}

/**
 * A new data folder for a site. Unless `fresh`, a copy of the one the site made on its first start at
 * the beginning of the run (tests/e2e/globalSetup.ts): the same migrated, demo-seeded site, which
 * starts in about 3 s instead of 10.
 */
export function newDataDir(options: { fresh?: boolean } = {}): string {
  const dataDir = mkdtempSync(join(tmpdir(), "dating-e2e-"));
  const template = options.fresh ? undefined : inject("siteTemplate");
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The real site as `npm start` runs it (embedded default, demo seed), in the data folder `env.DATA_DIR`
 * or a new one (a copy of the first start's, see newDataDir; an empty one when `env` changes anything
 * else, since the site then seeds by other rules).
 */
export async function startSite(env: Record<string, string> = {}): Promise<SiteServer> {
  const { DATA_DIR, ...others } = env;
  const dataDir = DATA_DIR ?? newDataDir({ fresh: Object.keys(others).length > 0 });
  return runSite(dataDir, env);
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
