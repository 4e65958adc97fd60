import { resolve } from "node:path";
import { z } from "zod";

// The one place that reads the environment. A bad value stops the start with a message naming it.

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), `must start with ${protocols.join(": or ")}:`);

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
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED: z.enum(["true", "false"]).default("true"),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100_000).default(320),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  MEMBER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  MESSAGE_MAIL_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(300),
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/, "must start with mailto: or https:").optional(),
  MAIL_EVENTS_TOKEN: z.string().min(16).optional(),
  PAYMENT_PROVIDER: z.enum(["test", "mollie"]).optional(),
  MOLLIE_API_KEY: z.string().regex(/^(live|test)_\w{20,}$/, "must be a Mollie API key (live_... or test_...)").optional(),
  MOLLIE_API_URL: url(["http", "https"]).optional(),
  /** How long a call to Mollie may take before it is given up (the member hears payments are unavailable). */
  MOLLIE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  SMS_URL: url(["http", "https"]).optional(),
  SMS_TOKEN: z.string().min(8).optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  smtpUrl?: string;
  mailFrom?: string;
  trustProxy: boolean;
  logLevel: string;
  seed: boolean;
  seedMembers: number;
  jobPollMs: number;
  /** How long a logged-in member's rows are reused between requests (0: never). */
  memberCacheMs: number;
  /** How long the e-mail about a new message waits; it is not sent when the member read it by then. */
  messageMailDelayMs: number;
  /** Web Push keys from the environment; without them the server makes a pair once and keeps it in the database. */
  vapid?: { publicKey: string; privateKey: string };
  vapidSubject?: string;
  /** Bearer token of POST /api/mail-events.php (bounces and complaints from the mail provider); the endpoint is off without it. */
  mailEventsToken?: string;
  /** The dev mailbox (/dev/mail) exists only outside production and without SMTP. */
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
}

export class ConfigError extends Error {}

function paymentsConfig(e: z.infer<typeof envSchema>): Config["payments"] {
  if (e.PAYMENT_PROVIDER === "mollie" && !e.MOLLIE_API_KEY) throw new ConfigError("Invalid configuration:\n  MOLLIE_API_KEY: required with PAYMENT_PROVIDER=mollie");
  if (e.MOLLIE_API_KEY && e.PAYMENT_PROVIDER !== "test") return { provider: "mollie", apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL, timeoutMs: e.MOLLIE_TIMEOUT_MS };
  if (e.PAYMENT_PROVIDER === "test" || e.NODE_ENV !== "production") return { provider: "test" };
  return null;
}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY === "true",
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === "true",
    seedMembers: e.SEED_MEMBERS,
    jobPollMs: e.JOB_POLL_MS,
    memberCacheMs: e.MEMBER_CACHE_MS,
    messageMailDelayMs: e.MESSAGE_MAIL_DELAY_S * 1000,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    mailEventsToken: e.MAIL_EVENTS_TOKEN,
    devMailbox: e.NODE_ENV !== "production" && !e.SMTP_URL,
    payments: paymentsConfig(e),
    sms: e.SMS_URL ? { url: e.SMS_URL, token: e.SMS_TOKEN } : null,
    devSms: e.NODE_ENV !== "production" && !e.SMS_URL,
  };
}
