import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";

/**
 * A stored file ready to be sent: its bytes as a stream (from a bucket: sent on as they arrive), or
 * whole where reading it whole is cheaper (a photo-sized local file: 10-30% more photos per second
 * than a file stream, bench/photos.bench.ts), and how many there are.
 */
export interface OpenedFile {
  body: Readable | Buffer;
  size: number;
}

export interface StoredEntry {
  key: string;
  size: number;
}

/**
 * Where photos live: a folder in the embedded default (LocalStorage), an S3-compatible bucket in
 * production (S3Storage, storage.s3.ts). Keys are relative paths such as `photos/<id>_thumb.jpg`; a
 * key that could leave its place (`..`, a leading `/`, odd characters) is refused by every method.
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file to send on, as a stream where that saves holding it whole; null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` ("" for all), in no particular order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Throws unless `key` is a relative path that stays where it is put. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`unsafe storage key: ${key}`);
}

/** Throws unless `prefix` is "" or the start of a safe key. */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== "") assertSafeKey(prefix);
}

const TEMPORARY = ".tmp";
const isMissing = (err: unknown) => ["ENOENT", "ENOTDIR", "EISDIR"].includes((err as NodeJS.ErrnoException).code ?? "");

/** Files in a folder (DATA_DIR/uploads in the embedded default). */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    await writeFile(`${path}${TEMPORARY}`, body);
    await rename(`${path}${TEMPORARY}`, path);
  }

  async get(key: string): Promise<Buffer | null> {
    const path = this.path(key);
    try {
      return await readFile(path);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    const body = await this.get(key);
    return body ? { body, size: body.length } : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertSafePrefix(prefix);
    // Only the folder the prefix points into is walked.
    const start = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    yield* this.walk(start, prefix);
  }

  private async *walk(folder: string, prefix: string): AsyncIterable<StoredEntry> {
    let dir: Awaited<ReturnType<typeof opendir>>;
    try {
      dir = await opendir(join(this.root, folder));
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for await (const entry of dir) {
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory() && (key.startsWith(prefix) || prefix.startsWith(`${key}/`))) yield* this.walk(key, prefix);
      else if (entry.isFile() && key.startsWith(prefix) && !key.endsWith(TEMPORARY)) {
        const { size } = await stat(join(this.root, key));
        yield { key, size };
      }
    }
  }
}
