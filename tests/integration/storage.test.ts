import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage, type OpenedFile, type Storage } from "../../src/server/adapters/storage";
import { collect, startTestBucket } from "../support/s3Server";

// One contract for every place photos are kept: the folder of the embedded default and an
// S3-compatible bucket (a real S3-protocol server, s3rver, no mock of the SDK). The app cannot tell
// them apart.

interface Backend {
  storage: Storage;
  close(): Promise<void>;
}

const backends: Array<[string, () => Promise<Backend>]> = [
  [
    "a local folder",
    async () => {
      const root = mkdtempSync(join(tmpdir(), "dating-storage-"));
      return { storage: new LocalStorage(join(root, "uploads")), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    "an S3 bucket",
    async () => {
      const bucket = await startTestBucket();
      return { storage: bucket.storage, close: () => bucket.close() };
    },
  ],
];

const bytes = (text: string) => Buffer.from(text, "utf8");
const whole = async (opened: OpenedFile | null) => (!opened ? null : Buffer.isBuffer(opened.body) ? opened.body : buffer(opened.body));

describe.each(backends)("photos kept in %s", (_name, start) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("gives back what was put, whole or opened for sending with its size", async () => {
    await storage.put("photos/one.jpg", bytes("first photo"));
    expect((await storage.get("photos/one.jpg"))?.toString()).toBe("first photo");
    const opened = await storage.open("photos/one.jpg");
    expect(opened?.size).toBe(11);
    expect((await whole(opened))?.toString()).toBe("first photo");
  });

  it("sends a large file whole", async () => {
    const large = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    large.write("start", 0);
    large.write("end", large.length - 3);
    await storage.put("photos/large.jpg", large);
    const opened = await storage.open("photos/large.jpg");
    expect(opened?.size).toBe(large.length);
    expect((await whole(opened))?.equals(large)).toBe(true);
  });

  it("replaces a file put again under the same key", async () => {
    await storage.put("chatphotos/again.jpg", bytes("before"));
    await storage.put("chatphotos/again.jpg", bytes("after, longer"));
    expect((await storage.get("chatphotos/again.jpg"))?.toString()).toBe("after, longer");
  });

  it("answers null for a key that holds nothing", async () => {
    expect(await storage.get("photos/never-stored.jpg")).toBeNull();
    expect(await storage.open("photos/never-stored.jpg")).toBeNull();
    expect(await storage.get("nothing-here/at-all.jpg")).toBeNull();
  });

  it("removes a file, and takes the removal of a missing one calmly", async () => {
    await storage.put("photos/gone.jpg", bytes("soon gone"));
    await storage.remove("photos/gone.jpg");
    expect(await storage.get("photos/gone.jpg")).toBeNull();
    expect(await storage.open("photos/gone.jpg")).toBeNull();
    await expect(storage.remove("photos/gone.jpg")).resolves.toBeUndefined();
  });

  it("lists the files under a prefix with their sizes, and all of them for an empty prefix", async () => {
    await storage.put("listed/a/1.jpg", bytes("1"));
    await storage.put("listed/a/22.jpg", bytes("22"));
    await storage.put("listed/ab.jpg", bytes("333"));
    await storage.put("listed/b/4.jpg", bytes("4444"));
    const keys = async (prefix: string) => (await collect(storage.list(prefix))).sort((x, y) => x.key.localeCompare(y.key));
    expect(await keys("listed/a/")).toEqual([
      { key: "listed/a/1.jpg", size: 1 },
      { key: "listed/a/22.jpg", size: 2 },
    ]);
    expect((await keys("listed/a")).map((e) => e.key)).toEqual(["listed/a/1.jpg", "listed/a/22.jpg", "listed/ab.jpg"]);
    expect((await keys("listed/")).map((e) => e.key)).toEqual(["listed/a/1.jpg", "listed/a/22.jpg", "listed/ab.jpg", "listed/b/4.jpg"]);
    expect(await keys("listed/c/")).toEqual([]);
    expect(await keys("no-such-prefix")).toEqual([]);
    const all = (await keys("")).map((e) => e.key);
    expect(all).toEqual(expect.arrayContaining(["photos/one.jpg", "chatphotos/again.jpg", "listed/b/4.jpg"]));
    expect(all).not.toContain("photos/gone.jpg");
  });

  it("refuses keys that could leave their place, in every call", async () => {
    for (const key of ["../outside.jpg", "/etc/passwd", "photos/../../outside.jpg", "photos//double.jpg", "photos/with space.jpg", "", ".hidden"]) {
      await expect(storage.put(key, bytes("x")), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/unsafe storage key/);
    }
    await expect(collect(storage.list("../"))).rejects.toThrow(/unsafe storage key/);
  });
});
