import type { Storage } from "../src/server/adapters/storage";

export interface CopyReport {
  copied: number;
  /** Files already in the target with the same size. */
  skipped: number;
  bytes: number;
}

/** How many files are read and written at once. */
const PARALLEL = 8;

/**
 * Copies every file of `source` into `target`, except those the target already holds with the same
 * size (file names never change their bytes: a new photo gets a new name), so that it can run again
 * after an interruption and copy only what is missing.
 */
export async function copyFiles(source: Storage, target: Storage, onCopied?: (report: CopyReport) => void): Promise<CopyReport> {
  const have = new Map<string, number>();
  for await (const { key, size } of target.list("")) have.set(key, size);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const running = new Set<Promise<void>>();
  for await (const { key, size } of source.list("")) {
    if (have.get(key) === size) {
      report.skipped++;
      continue;
    }
    const copy = (async () => {
      const body = await source.get(key);
      if (!body) return; // Removed meanwhile.
      await target.put(key, body);
      report.copied++;
      report.bytes += body.length;
      onCopied?.(report);
    })().finally(() => running.delete(copy));
    running.add(copy);
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
