import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** A record kept as one JSON file in a folder (the dev mailbox and the dev SMS outbox). */
export interface JsonRecord {
  id: string;
  date: string;
}

/** A new record's id: its date, so that names sort in time order, and a random part. */
export function newRecordId(date: string): string {
  return `${date.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
}

/** Writes `record` as `<id>.json`: written under another name, then renamed, so that a reader never sees half a file. */
export async function writeJsonRecord(dir: string, record: JsonRecord): Promise<void> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `${record.id}.json.tmp`);
  await writeFile(tmp, JSON.stringify(record));
  await rename(tmp, join(dir, `${record.id}.json`));
}

/** Every record of the folder, newest first; none when the folder does not exist yet. */
export async function readJsonRecords<T extends JsonRecord>(dir: string): Promise<T[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), "utf8")) as T));
}
