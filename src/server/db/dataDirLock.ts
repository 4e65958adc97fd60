import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database (PGlite) keeps its pages in memory and writes them back when it likes: two
 * processes on one data folder do not see each other's writes and overwrite them (an operator added
 * by `npm run operator` while `npm start` runs was never seen by the site). So one process at a time
 * holds a folder, by a lock file with its process id; a lock whose process is gone is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (is the site running?). Stop it first, ` +
        "then run this again; or use PostgreSQL (DATABASE_URL), which several processes can share.",
    );
    this.name = "DataDirInUseError";
  }
}

const LOCK_FILE = "amoria.lock";
/** The folders this process holds (a lock with our own pid that is not here is a dead process's whose pid came back). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder for this process, or throws DataDirInUseError; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      held.add(path);
      return () => {
        if (!held.delete(path)) return;
        if (holder(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = holder(path);
      if (pid === process.pid ? held.has(path) : pid !== null && alive(pid)) throw new DataDirInUseError(dataDir, pid ?? process.pid);
      // Left by a process that ended without closing (killed, crashed): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
