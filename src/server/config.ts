import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { z } from "zod";
import { DATE_SHARE_HOURS_AFTER } from "../common/constants";

// The one place that reads the environment. A bad value stops the start with a message naming it.

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), `must start with ${protocols.join(": or ")}:`);

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(part: string): boolean {
  if (PROXY_KEYWORDS.has(part)) return true;
  const [address, bits, ...rest] = part.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Variables that only a production deployment sets: any one of them (or NODE_ENV=production) turns
 * off every dev convenience, so that a half-configured server is never a dev server on the internet.
 */
export const PRODUCTION_VARIABLES = [
  "DATABASE_URL",
  "REDIS_URL",
  "SMTP_URL",
  "PUBLIC_URL",
  "MOLLIE_API_KEY",
  "SMS_URL",
  "MAIL_EVENTS_TOKEN",
  "VAPID_PRIVATE_KEY",
  "S3_BUCKET",
] as const;

/** A comma-separated list of ICE server URLs of these schemes (stun:host:port, turn:host:port?transport=tcp). */
function iceUrls(schemes: string[]) {
  return z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u !== ""),
    )
    .refine((list) => list.length > 0 && list.every((u) => schemes.some((s) => new RegExp(`^${s}:[^\\s/?#]+(:\\d+)?(\\?transport=(udp|tcp))?$`).test(u))), {
      error: `must be comma-separated ${schemes.join(" or ")}: URLs (${schemes[0]}:host:port)`,
    });
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: url(["postgres", "postgresql"]).optional(),
  REDIS_URL: url(["redis", "rediss"]).optional(),
  PUBLIC_URL: url(["http", "https"]).optional(),
  SMTP_URL: url(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().email().optional(),
  /**
   * Which proxies in front may name the client's address (X-Forwarded-For): "false", a hop count
   * ("1": the one proxy in front), or a comma-separated list of addresses, CIDR ranges and the
   * keywords loopback, linklocal, uniquelocal. "true" (trust any address) is refused: anyone could
   * then forge their address and slip past rate limits and GeoIP.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => v === "false" || /^\d{1,2}$/.test(v) || v.split(",").every((part) => isProxyAddress(part.trim())), {
      message: 'must be false, a number of proxies (such as 1) or a list of their addresses ("true" would trust anyone)',
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A request slower than this (ms) is always logged. */
  LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  /** Share of the other requests logged (0 to 1); default 0.01 in production, 1 elsewhere. */
  LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  /** The demo site for localhost: on by default on the embedded default, only when named in production. */
  SEED: z.enum(["true", "false"]).optional(),
  /** The demo login's password when the demo site is seeded in production (there is no default password in production). */
  DEMO_PASSWORD: z.string().min(12).max(128).optional(),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100_000).default(320),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  MEMBER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  MESSAGE_MAIL_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Hours after a shared date's time when its link stops working (Share my date). */
  DATE_SHARE_HOURS_AFTER: z.coerce.number().int().min(1).max(168).default(DATE_SHARE_HOURS_AFTER),
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, "must start with mailto: or https:")
    .optional(),
  MAIL_EVENTS_TOKEN: z.string().min(16).optional(),
  /** Bearer token of GET /metrics (Prometheus); the endpoint is off without it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  PAYMENT_PROVIDER: z.enum(["test", "mollie"]).optional(),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w{20,}$/, "must be a Mollie API key (live_... or test_...)")
    .optional(),
  MOLLIE_API_URL: url(["http", "https"]).optional(),
  /** How long a call to Mollie may take before it is given up (the member hears payments are unavailable). */
  MOLLIE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  SMS_URL: url(["http", "https"]).optional(),
  SMS_TOKEN: z.string().min(8).optional(),
  /** Photos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway...); without S3_BUCKET they stay in DATA_DIR/uploads. */
  S3_ENDPOINT: url(["http", "https"]).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as eu-central-1 (auto for Cloudflare R2)")
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers want, instead of in the host name. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  /**
   * What scores photos for nudity (photo safety): "model", the packaged model (the default), or
   * "marker", the tests' deterministic stand-in (features/photoSafety/markerClassifier.ts), which a
   * production start refuses.
   */
  PHOTO_CLASSIFIER: z.enum(["model", "marker"]).default("model"),
  /** Calls (issue 22): STUN servers, comma-separated (stun:host:3478). Without them and TURN, browsers connect directly on the local network only. */
  STUN_URLS: iceUrls(["stun", "stuns"]).optional(),
  /** TURN servers, comma-separated (turn:host:3478?transport=udp, turns:host:5349), with coturn's shared secret (use-auth-secret). */
  TURN_URLS: iceUrls(["turn", "turns"]).optional(),
  TURN_SECRET: z.string().min(16).optional(),
  /** How long the time-limited TURN credentials handed to a page stay valid. */
  TURN_CREDENTIAL_TTL_S: z.coerce.number().int().min(60).max(172_800).default(43_200),
  /** Calls only through the TURN relay: neither member ever learns the other's IP address (needs TURN_URLS). */
  CALL_RELAY_ONLY: z.enum(["true", "false"]).optional(),
});

/** Every variable the server reads (deployment files are checked against it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: "development" | "production" | "test";
  /**
   * Production mode: NODE_ENV=production or any production variable (NODE_ENV=test, which only the
   * test suites set, excepted). It decides the dev conveniences, the demo data, unknown hosts and
   * cookies; `productionVariable` names what turned it on, for the start's messages.
   */
  production: boolean;
  productionVariable: string | null;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Fastify's trustProxy: false, a hop count or a list of addresses and ranges. */
  trustProxy: false | number | string;
  logLevel: string;
  /** Requests logged: all slower than slowMs, server errors, and this share of the rest. */
  requestLog: { slowMs: number; sampleRate: number };
  seed: boolean;
  demoPassword?: string;
  seedMembers: number;
  jobPollMs: number;
  /** How long a logged-in member's rows are reused between requests (0: never). */
  memberCacheMs: number;
  /** How long the e-mail about a new message waits; it is not sent when the member read it by then. */
  messageMailDelayMs: number;
  /** Hours after a shared date's time when its link stops working. */
  dateShareHoursAfter: number;
  /** Web Push keys from the environment; without them the server makes a pair once and keeps it in the database. */
  vapid?: { publicKey: string; privateKey: string };
  vapidSubject?: string;
  /** Bearer token of POST /api/mail-events.php (bounces and complaints from the mail provider); the endpoint is off without it. */
  mailEventsToken?: string;
  /** Bearer token of GET /metrics; the endpoint is off without it. */
  metricsToken?: string;
  /** The dev mailbox (/dev/mail) exists only outside production mode and without SMTP. */
  devMailbox: boolean;
  /**
   * Who takes payments: Mollie with MOLLIE_API_KEY; else the built-in test provider, which grants
   * credits for nothing and so runs in production only when PAYMENT_PROVIDER=test says so; else
   * nobody (buying answers 503 and the start says why).
   */
  payments: { provider: "mollie"; apiKey: string; apiUrl?: string; timeoutMs: number } | { provider: "test" } | null;
  /** Texts (direct-debit codes) through an HTTP gateway; without it, the dev outbox at /dev/sms outside production. */
  sms: { url: string; token?: string } | null;
  devSms: boolean;
  /** The bucket that holds the photos; null keeps them in DATA_DIR/uploads (the embedded default). */
  s3: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | null;
  /** What scores photos for nudity: the packaged model, or the tests' marker (never in production). */
  photoClassifier: "model" | "marker";
  /** The ICE servers of calls: STUN, TURN with coturn's REST credentials (use-auth-secret), and whether only the relay may be used. */
  ice: { stunUrls: string[]; turn: { urls: string[]; secret: string; ttlSeconds: number } | null; relayOnly: boolean };
}

export class ConfigError extends Error {}

function paymentsConfig(e: z.infer<typeof envSchema>, production: boolean): Config["payments"] {
  if (e.PAYMENT_PROVIDER === "mollie" && !e.MOLLIE_API_KEY) throw new ConfigError("MOLLIE_API_KEY: required with PAYMENT_PROVIDER=mollie");
  if (e.MOLLIE_API_KEY && e.PAYMENT_PROVIDER !== "test")
    return { provider: "mollie", apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL, timeoutMs: e.MOLLIE_TIMEOUT_MS };
  if (e.PAYMENT_PROVIDER === "test" || !production) return { provider: "test" };
  return null;
}

const S3_COMPANIONS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/** The bucket, whole or not at all: half of its variables would leave photos where nobody expects them. */
function s3Config(e: z.infer<typeof envSchema>): Config["s3"] {
  if (!e.S3_BUCKET) {
    const stray = S3_COMPANIONS.find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`S3_BUCKET: required with ${stray} (without a bucket, photos stay in DATA_DIR/uploads)`);
    return null;
  }
  if (!e.S3_REGION) throw new ConfigError("S3_REGION: required with S3_BUCKET (us-east-1 for MinIO, auto for Cloudflare R2)");
  if (!e.S3_ACCESS_KEY_ID) throw new ConfigError("S3_ACCESS_KEY_ID: required with S3_BUCKET");
  if (!e.S3_SECRET_ACCESS_KEY) throw new ConfigError("S3_SECRET_ACCESS_KEY: required with S3_BUCKET");
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
  };
}

function trustProxyOf(value: string): Config["trustProxy"] {
  if (value === "false" || value === "0") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** What put the server in production mode, or null. */
function productionVariableOf(e: z.infer<typeof envSchema>): string | null {
  if (e.NODE_ENV === "test") return null;
  if (e.NODE_ENV === "production") return "NODE_ENV";
  return PRODUCTION_VARIABLES.find((name) => e[name] !== undefined) ?? null;
}

/**
 * Adds the variables of a `.env` file (default: in the working directory, as `npm start` runs) to the
 * environment, when the file exists: the server and its commands call it first. A variable already
 * set in the real environment wins over the file, as with `node --env-file`. Returns whether a file
 * was read; a malformed file stops the start like a bad variable.
 */
export function loadEnvFile(path = resolve(".env"), env: NodeJS.ProcessEnv = process.env): boolean {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new ConfigError(`${path}: ${(err as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) if (env[name] === undefined) env[name] = value;
  return true;
}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One line per bad variable, each naming it.
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(lines.join("\n"));
  }
  const e = parsed.data;
  const productionVariable = productionVariableOf(e);
  const production = productionVariable !== null;
  return {
    env: e.NODE_ENV,
    production,
    productionVariable,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    requestLog: { slowMs: e.LOG_SLOW_MS, sampleRate: e.LOG_SAMPLE_RATE ?? (production ? 0.01 : 1) },
    seed: e.SEED === undefined ? !production && e.NODE_ENV !== "test" : e.SEED === "true",
    demoPassword: e.DEMO_PASSWORD,
    seedMembers: e.SEED_MEMBERS,
    jobPollMs: e.JOB_POLL_MS,
    memberCacheMs: e.MEMBER_CACHE_MS,
    messageMailDelayMs: e.MESSAGE_MAIL_DELAY_S * 1000,
    dateShareHoursAfter: e.DATE_SHARE_HOURS_AFTER,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    mailEventsToken: e.MAIL_EVENTS_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    devMailbox: !production && !e.SMTP_URL,
    payments: paymentsConfig(e, production),
    sms: e.SMS_URL ? { url: e.SMS_URL, token: e.SMS_TOKEN } : null,
    devSms: !production && !e.SMS_URL,
    s3: s3Config(e),
    photoClassifier: e.PHOTO_CLASSIFIER,
    ice: iceConfig(e),
  };
}

function iceConfig(e: z.infer<typeof envSchema>): Config["ice"] {
  if (e.TURN_URLS && !e.TURN_SECRET) throw new ConfigError("TURN_SECRET: required with TURN_URLS (coturn's static-auth-secret)");
  if (e.TURN_SECRET && !e.TURN_URLS) throw new ConfigError("TURN_URLS: required with TURN_SECRET");
  if (e.CALL_RELAY_ONLY === "true" && !e.TURN_URLS) throw new ConfigError("CALL_RELAY_ONLY: needs TURN_URLS (calls only through a relay need one)");
  return {
    stunUrls: e.STUN_URLS ?? [],
    turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_CREDENTIAL_TTL_S } : null,
    relayOnly: e.CALL_RELAY_ONLY === "true",
  };
}

/**
 * What stops a production start: the embedded defaults half-mixed with production ones. One line
 * naming the variable, or null when the configuration is whole.
 */
export function productionGap(config: Config): string | null {
  if (!config.production) return null;
  const because = config.productionVariable === "NODE_ENV" ? "NODE_ENV=production" : `${config.productionVariable} is set`;
  if (!config.databaseUrl) return `DATABASE_URL: required in production (${because}); the embedded PGlite database is for trying the site only`;
  if (!config.redisUrl) return `REDIS_URL: required in production (${because}); instances share rate limits, lockouts and live events through it`;
  if (!config.smtpUrl) return `SMTP_URL: required in production (${because}); without it no e-mail would leave the server`;
  if (!config.s3) return `S3_BUCKET: required in production (${because}); photos kept on one instance's disk are missing on every other instance`;
  if (config.photoClassifier !== "model") return `PHOTO_CLASSIFIER: only "model" in production (${because}); the marker classifier is the tests' stand-in`;
  if (config.seed && !config.demoPassword) return "DEMO_PASSWORD: required with SEED=true in production (the demo login has no default password there)";
  return null;
}
