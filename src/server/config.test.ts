import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type PRODUCTION_VARIABLES, productionGap } from "./config";

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return null;
};

const EXAMPLES: Record<(typeof PRODUCTION_VARIABLES)[number], string> = {
  DATABASE_URL: "postgres://app@db:5432/dating",
  REDIS_URL: "redis://cache:6379",
  SMTP_URL: "smtp://mail:587",
  PUBLIC_URL: "https://www.amoria.example",
  MOLLIE_API_KEY: "live_abcdefghijklmnopqrstuvwxyz",
  SMS_URL: "https://sms.example/send",
  MAIL_EVENTS_TOKEN: "a-token-of-sixteen-or-more",
  VAPID_PRIVATE_KEY: "a-private-key-of-twenty-chars",
  S3_BUCKET: "amoria-photos",
};

/** A bucket with everything it needs besides its name. */
const BUCKET = {
  S3_ENDPOINT: "https://s3.fr-par.scw.cloud",
  S3_REGION: "fr-par",
  S3_BUCKET: EXAMPLES.S3_BUCKET,
  S3_ACCESS_KEY_ID: "SCWXXXXXXXXXXXXXXXXX",
  S3_SECRET_ACCESS_KEY: "a-secret-access-key",
};
/** What a production variable needs beside it to be valid on its own. */
const COMPANIONS: Partial<Record<keyof typeof EXAMPLES, Record<string, string>>> = { S3_BUCKET: BUCKET };

describe("configuration", () => {
  it("runs on the embedded default with nothing set: dev mailbox, SMS outbox, test payments and the demo site", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      production: false,
      databaseUrl: undefined,
      redisUrl: undefined,
      devMailbox: true,
      devSms: true,
      seed: true,
      trustProxy: false,
      s3: null,
    });
    expect(config.payments).toEqual({ provider: "test" });
    expect(config.dataDir.endsWith("/data")).toBe(true);
  });

  it("stops with a message naming each bad variable", () => {
    const message = messageOf({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it("is in production mode with any one production variable, not only with NODE_ENV=production", () => {
    for (const [name, value] of Object.entries(EXAMPLES)) {
      const config = loadConfig({ ...COMPANIONS[name as keyof typeof EXAMPLES], [name]: value });
      expect(config.production, name).toBe(true);
      expect(config.productionVariable).toBe(name);
      expect(config.devMailbox, name).toBe(false);
      expect(config.devSms, name).toBe(false);
      expect(config.seed, name).toBe(false);
    }
    expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({
      production: true,
      productionVariable: "NODE_ENV",
      devMailbox: false,
      seed: false,
      payments: null,
    });
  });

  it("takes the test payment provider in production only when PAYMENT_PROVIDER=test names it, and the demo site only when SEED=true does", () => {
    expect(loadConfig({ REDIS_URL: EXAMPLES.REDIS_URL }).payments).toBeNull();
    expect(loadConfig({ REDIS_URL: EXAMPLES.REDIS_URL, PAYMENT_PROVIDER: "test" }).payments).toEqual({ provider: "test" });
    expect(loadConfig({ REDIS_URL: EXAMPLES.REDIS_URL, SEED: "true" }).seed).toBe(true);
    expect(loadConfig({ SEED: "false" }).seed).toBe(false);
  });

  it("keeps the test suites' own mode apart: NODE_ENV=test is never production", () => {
    expect(loadConfig({ NODE_ENV: "test", REDIS_URL: EXAMPLES.REDIS_URL })).toMatchObject({ production: false, devMailbox: true, seed: false });
  });

  it("keeps photos in a bucket only when the whole bucket is named: address, region, name and credentials", () => {
    expect(loadConfig({ ...BUCKET, S3_FORCE_PATH_STYLE: "true" }).s3).toEqual({
      endpoint: "https://s3.fr-par.scw.cloud",
      region: "fr-par",
      bucket: "amoria-photos",
      accessKeyId: "SCWXXXXXXXXXXXXXXXXX",
      secretAccessKey: "a-secret-access-key",
      forcePathStyle: true,
    });
    // AWS S3 itself needs no address.
    const { S3_ENDPOINT: _, ...aws } = BUCKET;
    expect(loadConfig(aws).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it("refuses half a bucket with one line naming the variable that is missing or wrong", () => {
    const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, ...rest } = BUCKET;
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: BUCKET.S3_ENDPOINT }, /^S3_BUCKET: required with S3_ENDPOINT/],
      [{ S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY }, /^S3_BUCKET: required with S3_ACCESS_KEY_ID/],
      [{ S3_FORCE_PATH_STYLE: "true" }, /^S3_BUCKET: required with S3_FORCE_PATH_STYLE/],
      [{ ...rest, S3_REGION }, /^S3_ACCESS_KEY_ID: required with S3_BUCKET/],
      [{ ...rest, S3_REGION, S3_ACCESS_KEY_ID }, /^S3_SECRET_ACCESS_KEY: required with S3_BUCKET/],
      [{ ...rest, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY }, /^S3_REGION: required with S3_BUCKET/],
      [{ ...BUCKET, S3_BUCKET: "Amoria_Photos" }, /^S3_BUCKET: must be a bucket name/],
      [{ ...BUCKET, S3_ENDPOINT: "minio:9000" }, /^S3_ENDPOINT: /],
      [{ ...BUCKET, S3_FORCE_PATH_STYLE: "yes" }, /^S3_FORCE_PATH_STYLE: /],
    ];
    for (const [env, line] of cases) {
      const message = messageOf(env);
      expect(message, JSON.stringify(env)).toMatch(line);
      expect(message, JSON.stringify(env)).toMatch(/^[^\n]+$/);
    }
    // Names, never the secret.
    expect(messageOf({ ...rest, S3_REGION, S3_SECRET_ACCESS_KEY })).not.toContain(S3_SECRET_ACCESS_KEY);
  });

  it("takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses to trust everyone", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,loopback" }).trustProxy).toBe("10.0.0.0/8, 192.168.1.7,loopback");
    expect(loadConfig({ TRUST_PROXY: "::1/128" }).trustProxy).toBe("::1/128");
    for (const bad of ["true", "*", "10.0.0.0/33", "proxy.example", "1.2.3"]) expect(messageOf({ TRUST_PROXY: bad }), bad).toMatch(/^TRUST_PROXY: [^\n]+$/);
  });
});

describe("a production start", () => {
  const gap = (env: Record<string, string>) => productionGap(loadConfig(env));
  const whole = { DATABASE_URL: EXAMPLES.DATABASE_URL, REDIS_URL: EXAMPLES.REDIS_URL, SMTP_URL: EXAMPLES.SMTP_URL, ...BUCKET };

  it("stops when embedded defaults are mixed with production ones, naming the missing variable", () => {
    expect(gap({ REDIS_URL: EXAMPLES.REDIS_URL, SMTP_URL: EXAMPLES.SMTP_URL })).toMatch(/^DATABASE_URL: required in production \(REDIS_URL is set\)/);
    expect(gap({ DATABASE_URL: EXAMPLES.DATABASE_URL })).toMatch(/^REDIS_URL: required in production \(DATABASE_URL is set\)/);
    expect(gap({ DATABASE_URL: EXAMPLES.DATABASE_URL, REDIS_URL: EXAMPLES.REDIS_URL })).toMatch(/^SMTP_URL: required in production/);
    // Photos on one instance's disk would be missing on the others.
    expect(gap({ DATABASE_URL: EXAMPLES.DATABASE_URL, REDIS_URL: EXAMPLES.REDIS_URL, SMTP_URL: EXAMPLES.SMTP_URL })).toMatch(
      /^S3_BUCKET: required in production \(DATABASE_URL is set\); photos kept on one instance's disk are missing on every other instance$/,
    );
    expect(gap({ NODE_ENV: "production" })).toMatch(/^DATABASE_URL: required in production \(NODE_ENV=production\)/);
  });

  it("has no default password: the demo site in production needs DEMO_PASSWORD", () => {
    expect(gap({ ...whole, SEED: "true" })).toMatch(/^DEMO_PASSWORD: /);
    expect(gap({ ...whole, SEED: "true", DEMO_PASSWORD: "a-long-demo-password" })).toBeNull();
  });

  it("refuses the tests' marker photo classifier: production photos are scored by the model", () => {
    expect(gap({ ...whole, PHOTO_CLASSIFIER: "marker" })).toMatch(/^PHOTO_CLASSIFIER: only "model" in production/);
    expect(gap({ ...whole, PHOTO_CLASSIFIER: "model" })).toBeNull();
    expect(loadConfig({}).photoClassifier).toBe("model");
  });

  it("goes ahead when the configuration is whole, and never asks anything of the embedded default", () => {
    expect(gap(whole)).toBeNull();
    expect(gap({})).toBeNull();
  });
});

describe("logging and metrics", () => {
  it("logs every request in development and 1% in production, unless LOG_SAMPLE_RATE says otherwise", () => {
    expect(loadConfig({}).requestLog).toEqual({ slowMs: 1000, sampleRate: 1 });
    expect(loadConfig({ NODE_ENV: "production" }).requestLog).toEqual({ slowMs: 1000, sampleRate: 0.01 });
    expect(loadConfig({ NODE_ENV: "production", LOG_SAMPLE_RATE: "0", LOG_SLOW_MS: "250" }).requestLog).toEqual({ slowMs: 250, sampleRate: 0 });
    expect(messageOf({ LOG_SAMPLE_RATE: "5" })).toMatch(/^LOG_SAMPLE_RATE: /);
    expect(messageOf({ LOG_SLOW_MS: "0" })).toMatch(/^LOG_SLOW_MS: /);
  });

  it("takes a metrics token of 16 characters or more, and has none by default", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "a-metrics-token-of-24-ch" }).metricsToken).toBe("a-metrics-token-of-24-ch");
    expect(messageOf({ METRICS_TOKEN: "short" })).toMatch(/^METRICS_TOKEN: /);
  });
});
