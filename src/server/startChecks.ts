import { Redis } from "ioredis";
import nodemailer from "nodemailer";
import pg from "pg";
import { BucketUnusable, S3Storage, type S3Settings } from "./adapters/storage.s3";
import type { Config } from "./config";

const CHECK_TIMEOUT_MS = 5000;

/** What a connection error says, without the URL (it may hold a password): the system's code where there is one. */
function reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const systemCode = e.message?.match(/\b(E[A-Z]{4,})\b/)?.[1];
  return systemCode ?? e.code ?? e.message?.split("\n")[0] ?? String(err);
}

function hostOf(url: string): string {
  const u = new URL(url);
  return u.port ? `${u.hostname}:${u.port}` : u.hostname;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from ${what} within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: CHECK_TIMEOUT_MS, retryStrategy: () => null });
  // connect() only says "Connection is closed"; the reason comes as an error event.
  let failure: Error | null = null;
  redis.on("error", (err: Error) => {
    failure = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw failure ?? err;
  } finally {
    redis.disconnect();
  }
}

async function checkSmtp(url: string): Promise<void> {
  const transport = nodemailer.createTransport({ url, connectionTimeout: CHECK_TIMEOUT_MS, greetingTimeout: CHECK_TIMEOUT_MS });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

async function checkBucket(settings: S3Settings): Promise<void> {
  const storage = new S3Storage(settings);
  try {
    await storage.check();
  } finally {
    storage.close();
  }
}

/** Can the bucket be used as configured? One line naming the variable to fix, or null. */
export async function bucketProblem(settings: S3Settings): Promise<string | null> {
  const where = settings.endpoint ? hostOf(settings.endpoint) : `s3.${settings.region}.amazonaws.com`;
  try {
    await withTimeout(checkBucket(settings), where);
    return null;
  } catch (err) {
    if (err instanceof BucketUnusable) return `${err.variable}: ${err.message} at ${where}`;
    return `${settings.endpoint ? "S3_ENDPOINT" : "S3_REGION"}: cannot reach ${where} (${reason(err)})`;
  }
}

/**
 * Before a start: can the server reach its database, Redis, mail server and bucket? One line naming
 * the variable of the first that fails, or null. A production server without working mail would take
 * signups whose activation e-mails never leave.
 */
export async function serviceProblem(config: Config): Promise<string | null> {
  const checks: Array<[variable: string, url: string | undefined, check: (url: string) => Promise<void>]> = [
    ["DATABASE_URL", config.databaseUrl, checkDatabase],
    ["REDIS_URL", config.redisUrl, checkRedis],
    ["SMTP_URL", config.smtpUrl, checkSmtp],
  ];
  for (const [variable, url, check] of checks) {
    if (!url) continue;
    try {
      await withTimeout(check(url), hostOf(url));
    } catch (err) {
      return `${variable}: cannot reach ${hostOf(url)} (${reason(err)})`;
    }
  }
  return config.s3 ? bucketProblem(config.s3) : null;
}
