import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBucket, type TestBucket } from "../support/s3Server";
import { startSmtpSink } from "../support/smtpSink";

// A start with a configuration that cannot work stops at once with one line that names the variable
// to fix: no stack trace, no half-started server.

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const NOWHERE = "127.0.0.1:1";
/** A whole bucket configuration whose server is nowhere (checked after the database, Redis and mail). */
const BUCKET_NOWHERE = {
  S3_ENDPOINT: `http://${NOWHERE}`,
  S3_REGION: "us-east-1",
  S3_BUCKET: "photos",
  S3_ACCESS_KEY_ID: "access-key",
  S3_SECRET_ACCESS_KEY: "secret-key",
  S3_FORCE_PATH_STYLE: "true",
};

async function start(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    // The AWS SDK's notice that it will need Node.js 22 is not one of the start's lines.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "silent",
      PORT: "0",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // "close", not "exit": a process can exit before its output has been read from the pipe (CI once
  // saw exit code 2 with the line still unread).
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, lines: stderr.trim().split("\n") };
}

// Each start is its own process: they run side by side.
describe.concurrent("starting the server", () => {
  it("refuses the test suites' mode", async () => {
    const { code, lines } = await start({ NODE_ENV: "test" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^NODE_ENV: test is for the test suites only/)]);
  });

  it("stops when a production variable is set but the database is still the embedded one", async () => {
    const { code, lines } = await start({ REDIS_URL: "redis://cache.example:6379", SMTP_URL: "smtp://mail.example:587" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^DATABASE_URL: required in production \(REDIS_URL is set\)/)]);
  });

  it("names a malformed variable in one line", async () => {
    const { code, lines } = await start({ TRUST_PROXY: "true" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it("stops when a production start keeps photos on the instance's own disk", async () => {
    const { code, lines } = await start({ DATABASE_URL: `postgres://app@${NOWHERE}/dating`, REDIS_URL: `redis://${NOWHERE}`, SMTP_URL: `smtp://${NOWHERE}` });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^S3_BUCKET: required in production \(DATABASE_URL is set\)/)]);
  });

  it("names what half a bucket configuration lacks", async () => {
    const { code, lines } = await start({ S3_BUCKET: "photos", S3_REGION: "us-east-1" });
    expect(code).toBe(2);
    expect(lines).toEqual(["S3_ACCESS_KEY_ID: required with S3_BUCKET"]);
  });

  it("names the database it cannot reach, without its password", async () => {
    const { code, lines } = await start({
      DATABASE_URL: `postgres://app:s3cret@${NOWHERE}/dating`,
      REDIS_URL: `redis://${NOWHERE}`,
      SMTP_URL: `smtp://${NOWHERE}`,
      ...BUCKET_NOWHERE,
    });
    expect(code).toBe(2);
    expect(lines).toEqual([`DATABASE_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });

  it.skipIf(!PG)("names Redis when it cannot be reached", async () => {
    const { code, lines } = await start({
      DATABASE_URL: PG as string,
      REDIS_URL: `redis://:s3cret@${NOWHERE}`,
      SMTP_URL: `smtp://${NOWHERE}`,
      ...BUCKET_NOWHERE,
    });
    expect(code).toBe(2);
    expect(lines).toEqual([`REDIS_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });

  it.skipIf(!PG || !REDIS)("stops without a working mail server: signups' activation mails would never leave", async () => {
    const { code, lines } = await start({ DATABASE_URL: PG as string, REDIS_URL: REDIS as string, SMTP_URL: `smtp://${NOWHERE}`, ...BUCKET_NOWHERE });
    expect(code).toBe(2);
    expect(lines).toEqual([`SMTP_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });
});

// Past the database, Redis and mail: a bucket that cannot hold the photos.
describe.concurrent("starting the server with a bucket", () => {
  let bucket: TestBucket;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    bucket = await startTestBucket();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await bucket?.close();
    await smtp?.close();
  });
  const services = () => ({ DATABASE_URL: PG as string, REDIS_URL: REDIS as string, SMTP_URL: smtp.url });

  it.skipIf(!PG || !REDIS)("names the bucket's server when it cannot be reached", async () => {
    const { code, lines } = await start({ ...services(), ...BUCKET_NOWHERE });
    expect(code).toBe(2);
    expect(lines).toEqual([`S3_ENDPOINT: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });

  it.skipIf(!PG || !REDIS)("names a bucket that does not exist", async () => {
    const { code, lines } = await start({ ...services(), ...bucket.env, S3_BUCKET: "no-such-bucket" });
    expect(code).toBe(2);
    expect(lines).toEqual([`S3_BUCKET: no bucket named no-such-bucket at ${new URL(bucket.env.S3_ENDPOINT).host}`]);
  });

  it.skipIf(!PG || !REDIS)("names the credentials when the bucket refuses them, without the secret", async () => {
    const { code, lines } = await start({ ...services(), ...bucket.env, S3_ACCESS_KEY_ID: "NOT-A-KEY", S3_SECRET_ACCESS_KEY: "a-secret-never-shown" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^S3_ACCESS_KEY_ID: the bucket photos-[0-9a-f]+ refuses these credentials/)]);
    expect(lines.join("\n")).not.toContain("a-secret-never-shown");
  });
});
