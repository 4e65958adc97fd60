import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/freePort";
import { makeJpeg } from "../support/factories";
import { startTestBucket, type TestBucket } from "../support/s3Server";
import { decodeQuotedPrintable, startSmtpSink } from "../support/smtpSink";
import { launchBrowser, newContext } from "./browser";
import { Conversation } from "./chatPages";
import { ProfileEditor, signUpInPage } from "./membersPages";
import { waitForSite } from "./siteProcess";
import { US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

// The production build as a deployment runs it (compose.yaml, docs/deploy.md): `npm run build`'s
// dist/server under plain node with NODE_ENV=production, PostgreSQL, Redis, a bucket and SMTP, the
// migrations run once by dist/server/migrate.js, the site added by dist/server/site.js, and two
// instances. A member journey crosses them: signup with the link from the mail, a photo uploaded
// through one instance and seen through the other, chat between members on different instances, a
// purchase through the test provider.

const DATABASE_ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const missing = !DATABASE_ADMIN_URL || !REDIS_URL;
if (missing) console.log("production.test.ts skipped: it needs PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL, as CI does).");

const root = process.cwd();
const node = process.execPath;

interface Instance {
  url: string;
  /** What it printed on standard output (its start line). */
  output: string[];
  child: ChildProcess;
}

/** Runs one of the built commands to its end; its output when it succeeds. */
function runBuilt(args: string[], env: NodeJS.ProcessEnv): string {
  const run = spawnSync(node, args, { cwd: root, env, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${run.status}: ${run.stderr}`);
  return run.stdout;
}

async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(node, ["dist/server/main.js"], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  const output: string[] = [];
  const url = `http://localhost:${port}`;
  await waitForSite(child, url, 30, (chunk) => output.push(chunk)).catch((err: Error) => {
    throw new Error(`dist/server/main.js: ${err.message}: ${output.join("")}`);
  });
  return { url, output, child };
}

describe.skipIf(missing)("the production build, two instances on PostgreSQL, Redis, a bucket and SMTP", () => {
  const database = `amoria_production_${randomBytes(6).toString("hex")}`;
  let bucket: TestBucket;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const instances: Instance[] = [];

  const withDatabase = (name: string) => {
    const url = new URL(DATABASE_ADMIN_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (!existsSync(join(root, "dist/web/index.html"))) throw new Error("the client is not built: npx vite build");
    runBuilt(["scripts/buildServer.mjs"], process.env);
    await admin(`CREATE DATABASE "${database}"`);
    [bucket, sink, browser] = await Promise.all([startTestBucket(), startSmtpSink(), launchBrowser()]);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATABASE_URL: withDatabase(database),
      REDIS_URL,
      SMTP_URL: sink.url,
      MAIL_FROM: "noreply@amoria.example",
      ...bucket.env,
      PAYMENT_PROVIDER: "test",
      HOST: "127.0.0.1",
      // The browser's X-Forwarded-For (a US address) stands for a proxy on the same machine.
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      JOB_POLL_MS: "200",
    };
    expect(runBuilt(["dist/server/migrate.js"], env)).toContain("Migrations applied (PostgreSQL)");
    expect(runBuilt(["dist/server/site.js", "add", "localhost"], env)).toContain("added for localhost");
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(
      instances.map(async ({ child }) => {
        child.kill("SIGTERM");
        if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
      }),
    );
    await Promise.all([bucket?.close(), sink?.close()]);
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  /** The link of the newest mail to `to` that the SMTP server received. */
  async function mailedLink(to: string): Promise<URL> {
    for (let i = 0; i < 150; i++) {
      const mail = sink.received.findLast((m) => m.to.includes(to));
      const link = mail && decodeQuotedPrintable(mail.raw).match(/https?:\/\/[^\s"<>]+\/api\/activate\.php\?token=[\w-]+/);
      if (link) return new URL(link[0]);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no activation mail to ${to}`);
  }

  /** Signs up on `instance` and follows the link from the activation mail. */
  async function activeMember(instance: Instance, email: string, name: string) {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const site$ = new SitePage(page, instance.url);
    await site$.open("/");
    await signUpInPage(page, { email, name });
    const link = await mailedLink(email);
    await page.goto(instance.url + link.pathname + link.search);
    await page.getByTestId("activate-done").waitFor();
    const id = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.id as number);
    return { context, page, site$, id };
  }

  const photoShows = (page: Page) =>
    page
      .getByTestId("own-photo")
      .first()
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

  it("runs on Node.js 24 in production mode", () => {
    for (const instance of instances) expect(instance.output.join("")).toMatch(/production mode; Node\.js v24\./);
  });

  it("takes a member from signup through a photo, a chat across the instances and a purchase", async () => {
    const [one, two] = instances;
    const ada = await activeMember(one, "ada@example.com", "Ada");
    const ben = await activeMember(two, "ben@example.com", "Ben");

    // Ada uploads a photo through the first instance; the second serves it from the bucket.
    await ada.site$.open("/profile");
    await new ProfileEditor(ada.page).uploadPhoto(await makeJpeg({ width: 600, height: 750 }));
    await expect.poll(() => photoShows(ada.page)).toBe(true);
    const onTwo = await ada.context.newPage();
    await new SitePage(onTwo, two.url).open("/profile");
    await onTwo.getByTestId("own-photo").first().waitFor();
    await expect.poll(() => photoShows(onTwo)).toBe(true);
    await onTwo.close();

    // Ada is on the first instance when Ben writes through the second: the unread badge arrives live.
    await ada.site$.open("/members");
    await ben.site$.open(`/members/${ada.id}/chat`);
    await new Conversation(ben.page).send("Hello Ada, from the other instance");
    await ada.page.getByTestId("unread-badge").filter({ hasText: "1" }).waitFor({ timeout: 5000 });
    await ada.site$.open(`/members/${ben.id}/chat`);
    const adaTalks = new Conversation(ada.page);
    await adaTalks.waitForMessage("Hello Ada, from the other instance");
    await adaTalks.send("Hi Ben!");
    await new Conversation(ben.page).waitForMessage("Hi Ben!");

    // Ada buys credits with the test provider through the second instance.
    const credits = () => ada.page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number);
    const before = await credits();
    const buy = new SitePage(ada.page, two.url);
    await buy.open("/credits");
    await ada.page.getByTestId("buy-50").click();
    await ada.page.getByTestId("payment-page").waitFor();
    await ada.page.getByTestId("method-paypal").check();
    await ada.page.getByTestId("pay-button").click();
    await ada.page.getByTestId("test-provider-paid").click();
    await ada.page.getByTestId("payment-completed").waitFor();
    expect(await credits()).toBe(before + 50);
    await ada.context.close();
    await ben.context.close();
  }, 90_000);
});
