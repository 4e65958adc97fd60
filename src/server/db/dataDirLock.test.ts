import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./dataDirLock";

const folder = () => mkdtempSync(join(tmpdir(), "amoria-lock-"));
/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;

describe("one process at a time on an embedded database folder", () => {
  it("refuses a second holder while the first holds it, naming the folder and the process, and lets go on release", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "amoria.lock"), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`${dir}.*process ${process.pid}.*Stop it first`));
    release();
    expect(existsSync(join(dir, "amoria.lock"))).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a folder another living process holds", () => {
    const dir = folder();
    writeFileSync(join(dir, "amoria.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it("takes over the lock of a process that ended without letting go, and one with our own id from an earlier life", () => {
    const dir = folder();
    writeFileSync(join(dir, "amoria.lock"), String(deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "amoria.lock"), "utf8")).toBe(String(process.pid));
    release();
    writeFileSync(join(dir, "amoria.lock"), String(process.pid));
    lockDataDir(dir)();
  });
});
