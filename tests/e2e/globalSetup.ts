import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { runSite } from "./siteProcess";

/**
 * The run's first start of the site: on an empty folder it migrates and seeds the demo site, as a
 * newcomer's `npm start` does, and stops cleanly. Each journey's site starts on a copy of that folder
 * (siteServer.ts newDataDir) instead of migrating and seeding again: about 7 s less per file.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), "dating-e2e-template-"));
  // runSite fails when the site does not answer its health check: then no journey can run. A first
  // start creates the database cluster and seeds portraits: 10 s on a quiet machine, over a minute on
  // a loaded one.
  const site = await runSite(dataDir, {}, { startSeconds: 180 });
  await site.stop();
  project.provide("siteTemplate", dataDir);
  return () => site.remove();
}
