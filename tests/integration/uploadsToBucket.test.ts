import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "../../src/server/adapters/storage";
import { collect, startTestBucket, type TestBucket } from "../support/s3Server";

// `npm run storage:upload`: a site that ran on the embedded default moves its photos into a bucket.

async function run(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/uploadsToBucket.ts", ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  // "close", not "exit": a process can exit before its output has been read from the pipe (CI once
  // saw exit code 2 with the line still unread).
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, out: out.trim(), err: err.trim() };
}

let bucket: TestBucket;
let dataDir: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  dataDir = mkdtempSync(join(tmpdir(), "dating-upload-"));
});
afterAll(async () => {
  await bucket?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inBucket = async () => Object.fromEntries((await collect(bucket.storage.list(""))).map((e) => [e.key, e.size]));

describe("moving the photos of DATA_DIR/uploads into a bucket", () => {
  it("copies every file once, and copies again only what is missing or different", async () => {
    const local = new LocalStorage(join(dataDir, "uploads"));
    await local.put("photos/a.jpg", Buffer.from("photo a"));
    await local.put("photos/a_thumb.jpg", Buffer.from("thumb a"));
    await local.put("chatphotos/c.jpg", Buffer.from("chat photo c"));
    const env = { DATA_DIR: dataDir, ...bucket.env };

    const first = await run(env);
    expect(first).toMatchObject({ code: 0, err: "" });
    expect(first.out).toBe(`Files copied from ${dataDir}/uploads into the bucket ${bucket.env.S3_BUCKET}: 3 (0.0 MB); already there: 0.`);
    expect(await inBucket()).toEqual({ "photos/a.jpg": 7, "photos/a_thumb.jpg": 7, "chatphotos/c.jpg": 12 });
    expect((await bucket.storage.get("chatphotos/c.jpg"))?.toString()).toBe("chat photo c");

    expect((await run(env)).out).toMatch(/: 0 \(0\.0 MB\); already there: 3\.$/);

    // Interrupted mid-file before, or a file added since: only those two go.
    await bucket.storage.put("photos/a_thumb.jpg", Buffer.from("thu"));
    await local.put("photos/b.jpg", Buffer.from("photo b"));
    expect((await run(env)).out).toMatch(/: 2 \(0\.0 MB\); already there: 2\.$/);
    expect((await bucket.storage.get("photos/a_thumb.jpg"))?.toString()).toBe("thumb a");
    expect(Object.keys(await inBucket())).toHaveLength(4);
  });

  it("takes another folder when one is named", async () => {
    const other = join(dataDir, "elsewhere");
    await new LocalStorage(other).put("photos/z.jpg", Buffer.from("photo z"));
    const { code, out } = await run({ ...bucket.env }, [other]);
    expect(code).toBe(0);
    expect(out).toBe(`Files copied from ${other} into the bucket ${bucket.env.S3_BUCKET}: 1 (0.0 MB); already there: 0.`);
    expect((await bucket.storage.get("photos/z.jpg"))?.toString()).toBe("photo z");
  });

  it("stops with one line when no bucket is configured, or when the bucket cannot be used", async () => {
    expect(await run({ DATA_DIR: dataDir })).toMatchObject({ code: 2, err: expect.stringMatching(/^S3_BUCKET: required/), out: "" });
    expect(await run({ DATA_DIR: dataDir, ...bucket.env, S3_BUCKET: "no-such-bucket" })).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^S3_BUCKET: no bucket named no-such-bucket at 127\.0\.0\.1:\d+$/),
    });
  });
});
