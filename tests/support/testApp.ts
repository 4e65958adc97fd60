import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { StoredSettings } from "../../src/common/schemas/settings";
import { type App, type AppOptions, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { findFirstSite } from "../../src/server/features/settings/settings.repo";
import { siteOriginOf } from "../../src/server/features/settings/siteOrigin";
import { createMember, createSite } from "./factories";
import { freePort } from "./freePort";
import { startTestBucket, type TestBucket } from "./s3Server";
import { createTestDatabase, type TestDatabase } from "./testDatabase";

export interface TestApp {
  server: App;
  baseUrl: string;
  /** The test site's own address as its links name it (domain localhost: http://localhost:PORT; others https://<domain>). */
  siteUrl: string;
  testDb: TestDatabase;
  site: Awaited<ReturnType<typeof createSite>>;
  config: Config;
  /** The bucket the app keeps photos in, when started with `s3`. */
  bucket?: TestBucket;
  /** A browser-like client; it speaks English (locale cookie) unless `locale` says otherwise. */
  client(headers?: Record<string, string>, locale?: string | null): TestClient;
  /** A new member of the test site (factory options), logged in on a client of their own. */
  loggedIn(options?: Parameters<typeof createMember>[2]): Promise<{ client: TestClient; id: number; email: string }>;
  close(): Promise<void>;
}

/** A test app for one test file: started before its tests (given to `use`) and closed after them. */
export function appForFile(use: (app: TestApp) => void, options?: Parameters<typeof startTestApp>[0]): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  settings?: Partial<StoredSettings>;
  /** The test site's domain (default localhost). */
  domain?: string;
  /** A database shared with another instance; otherwise a fresh one of the app's own. */
  testDb?: TestDatabase;
  /** false: use the site already in the shared database. */
  withSite?: boolean;
  /** Photos in an S3-protocol server instead of DATA_DIR/uploads: true starts one for this app, a given bucket is shared. */
  s3?: boolean | TestBucket;
  /** Live connection limits other than the product's (short heartbeats). */
  realtime?: AppOptions["realtime"];
  /** Timing of calls (tests shorten the ringing and the billed minute). */
  calls?: AppOptions["calls"];
  /** Redis client timeouts (tests that stop Redis keep them small). */
  redis?: AppOptions["redis"];
  /** Connection timeouts (tests of idle connections shorten them). */
  serverTimeouts?: AppOptions["serverTimeouts"];
  /** The built client to serve (default dist/web). */
  webRoot?: string;
  /** Where the app's log goes (with LOG_LEVEL in `env`: tests of what is logged). */
  logDestination?: AppOptions["logDestination"];
  /** What scores photos instead of the marker classifier (a failing one). */
  photoClassifier?: AppOptions["photoClassifier"];
}

/** The real server on a fresh database, listening on a free port of 127.0.0.1. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "dating-test-"));
  const testDb = options.testDb ?? (await createTestDatabase());
  const bucket = options.s3 === true ? await startTestBucket() : options.s3 || undefined;
  // The site's links (http://localhost:PORT) must reach this instance: it listens on the port its configuration names.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JOB_POLL_MS: "100",
    // The tests play the proxy in front: their X-Forwarded-For names the visitor's address.
    TRUST_PROXY: "loopback",
    REDIS_URL: process.env.TEST_REDIS_URL,
    // Photos are scored by the deterministic marker classifier (a magenta image is "explicit"), not the model.
    PHOTO_CLASSIFIER: "marker",
    ...bucket?.env,
    ...options.env,
  });
  const server = await buildApp(config, {
    database: testDb.database,
    redisPrefix: `test:${testDb.id}:`,
    realtime: options.realtime,
    calls: options.calls,
    redis: options.redis,
    serverTimeouts: options.serverTimeouts,
    logDestination: options.logDestination,
    photoClassifier: options.photoClassifier,
    webRoot: options.webRoot,
  });
  // A second instance on a shared database uses the site the first one made.
  const site =
    options.withSite === false
      ? ((await findFirstSite(testDb.database.db)) as Awaited<ReturnType<typeof createSite>>)
      : await createSite(testDb.database.db, { settings: options.settings, domain: options.domain });
  await server.app.listen({ port: config.port, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${config.port}`;
  return {
    server,
    baseUrl,
    siteUrl: site ? siteOriginOf(config)(site) : `http://localhost:${config.port}`,
    testDb,
    site,
    config,
    bucket,
    client: (headers, locale = "en") => new TestClient(baseUrl, headers, locale),
    async loggedIn(memberOptions = {}) {
      const m = await createMember(testDb.database.db, site.id, memberOptions);
      const client = new TestClient(baseUrl, {}, "en");
      await client.post("/api/user.php", { email: m.email, password: m.password });
      return { client, id: m.user.id, email: m.email };
    },
    async close() {
      await server.close();
      if (!options.testDb) await testDb.drop();
      if (options.s3 === true) await bucket?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, like one browser. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  private readonly headers: Record<string, string>;

  constructor(
    readonly baseUrl: string,
    headers: Record<string, string> = {},
    locale: string | null = null,
  ) {
    const { cookie, ...rest } = headers;
    this.headers = rest;
    if (locale) this.cookies.set("locale", locale);
    for (const pair of cookie?.split(";") ?? []) {
      const [name, ...value] = pair.trim().split("=");
      if (name) this.cookies.set(name, value.join("="));
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  /** A multipart/form-data upload of one file field. */
  async upload<T = Record<string, unknown>>(
    path: string,
    field: string,
    file: Buffer,
    filename = "photo.jpg",
    type = "image/jpeg",
    extraHeaders: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file)], { type }), filename);
    const headers: Record<string, string> = { ...this.headers, ...extraHeaders };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(this.baseUrl + path, { method: "POST", headers, body: form });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, headers: res.headers, body: body as T, text };
  }

  del<T = Record<string, unknown>>(path: string) {
    return this.request<T>("DELETE", path);
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, { headers });
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, { headers });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body);
  }
}
