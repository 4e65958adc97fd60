import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cspViolations, launchBrowser, newContext } from "./browser";
import { ConsolePage } from "./consolePages";
import { Conversation } from "./chatPages";
import { activeMember } from "./members";
import { type SiteServer, startSite, US_IP } from "./siteServer";
import { LoginForm, SitePage } from "./sitePages";

// An admin made with `npm run operator -- add` signs in to the console, finds a member, suspends
// them with a reason; the member, in the middle of using the site, is shown the ban page with it.

const ADMIN = { email: "admin@staff.example", password: "console passphrase for tests" };
const MODERATOR = { email: "moderator@staff.example", password: "another console passphrase" };
const SHOTS = process.env.CONSOLE_SCREENSHOTS ?? join(tmpdir(), "console-screenshots");

let site: SiteServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // The operator command runs on the site's data folder before the site starts (PGlite has one user).
  dataDir = mkdtempSync(join(tmpdir(), "dating-e2e-console-"));
  const operator = (email: string, role: string, password: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/server/commands/operator.ts", "add", email, role], {
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", DATA_DIR: dataDir, OPERATOR_PASSWORD: password },
      encoding: "utf8",
    }).stdout;
  expect(operator(ADMIN.email, "admin", ADMIN.password)).toContain(`Operator created: #1 ${ADMIN.email} (admin).`);
  expect(operator(MODERATOR.email, "moderator", MODERATOR.password)).toContain(`Operator created: #2 ${MODERATOR.email} (moderator).`);
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir }), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function consoleIn(options: { mobile: boolean; language: string }): Promise<{ context: BrowserContext; console$: ConsolePage }> {
  const context = await newContext(browser, { ip: US_IP, mobile: options.mobile });
  await context.addCookies([{ name: "locale", value: options.language, url: site.url }]);
  const page = await context.newPage();
  return { context, console$: new ConsolePage(page, site.url) };
}

describe("the operators' console", () => {
  it("lets an admin suspend a member with a reason, and the member sees the ban page with it", async () => {
    const mia = await activeMember(site, browser, "mia@example.com", "Mia", { mobile: true });
    await mia.site$.open("/members");

    const { context, console$ } = await consoleIn({ mobile: true, language: "en" });
    await console$.open();
    await console$.page.getByTestId("console-signin").waitFor();
    await console$.page.screenshot({ path: join(SHOTS, "signin-phone-en.png") });
    await console$.signIn(ADMIN.email, ADMIN.password);
    await console$.findMember("mia@example.com");
    await console$.page.getByRole("heading", { name: /Mia/ }).waitFor();
    await console$.act("suspension", { days: 3, reason: "Insults in chat" });
    await console$.page
      .getByTestId("member-restriction")
      .getByText(/Reason: Insults in chat/)
      .waitFor();
    await console$.page.getByTestId("audit-entries").getByText("Suspension", { exact: true }).waitFor();
    expect(await seriousViolations(console$.page), "member view").toEqual([]);
    await console$.page.screenshot({ path: join(SHOTS, "member-phone-en.png"), fullPage: true });

    // Mia's next step on the site shows her the ban page with the reason and the end of the suspension.
    await mia.page.getByRole("link", { name: "Likes" }).first().click();
    const notice = mia.page.getByTestId("ban-notice");
    await notice.getByText("Your account is suspended. Reason: Insults in chat").waitFor();
    expect(new URL(mia.page.url()).pathname).toBe("/pages/ban");
    await notice.getByText(/The suspension ends on/).waitFor();
    expect(await seriousViolations(mia.page), "ban page").toEqual([]);
    await mia.page.screenshot({ path: join(SHOTS, "ban-page-phone-en.png"), fullPage: true });

    // Logging in again says the same.
    const again = await newContext(browser, { ip: US_IP });
    const page = await again.newPage();
    await new SitePage(page, site.url).open("/login");
    await new LoginForm(page).login("mia@example.com", "member-secret-1");
    await page.getByTestId("ban-notice").getByText("Your account is suspended. Reason: Insults in chat").waitFor();
    await again.close();

    // The audit log has it, filtered by action.
    await console$.open("/console/audit");
    await console$.page.locator("#audit-action").selectOption("member.suspend");
    await console$.page.getByTestId("audit-filters").locator("button[type=submit]").click();
    await console$.page.getByTestId("audit-entries").getByText("“Insults in chat”").waitFor();
    await console$.page.screenshot({ path: join(SHOTS, "audit-phone-en.png"), fullPage: true });
    await context.close();
    await mia.context.close();
  });

  it("lets an admin refund a purchase: the money goes back, the unspent credits go, the trail says why", async () => {
    const paul = await activeMember(site, browser, "paul@example.com", "Paul");
    // Paul buys the smallest bundle at the built-in test provider (its hosted page's "paid").
    await paul.page.evaluate(async () => {
      const offer = await (await fetch("/api/credits.php")).json();
      const body = JSON.stringify({ bundle_id: offer.bundles[0].id, method: offer.payment_methods[0].id });
      const started = await (await fetch("/api/payment.php", { method: "POST", headers: { "content-type": "application/json" }, body })).json();
      await fetch(started.checkout_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "outcome=paid",
        redirect: "manual",
      });
      await fetch(`/api/payment.php?id=${started.payment_id}`);
    });
    const { context, console$ } = await consoleIn({ mobile: false, language: "en" });
    await console$.open();
    await console$.signIn(ADMIN.email, ADMIN.password);
    await console$.findMember("paul@example.com");
    await console$.page.getByRole("button", { name: "Refund", exact: true }).click();
    const form = console$.page.getByTestId("payment-refund");
    await form.getByRole("textbox").fill("Bought by mistake, asked within a day");
    await console$.page.screenshot({ path: join(SHOTS, "refund-desktop-en.png"), fullPage: true });
    await form.getByRole("button", { name: "Refund now" }).click();
    await console$.page.getByTestId("audit-entries").getByText("Refund", { exact: true }).waitFor();
    await console$.page.getByRole("cell", { name: /^refunded/ }).waitFor();
    await console$.page.getByRole("status").getByText("Refunded; 20 credits taken back.").waitFor();
    const user = await paul.page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user);
    expect(user).toMatchObject({ paid_user: false });
    await console$.page.screenshot({ path: join(SHOTS, "refunded-desktop-en.png"), fullPage: true });
    await context.close();
    await paul.context.close();
  });

  it("reads the same on a desktop and in German", async () => {
    for (const [language, mobile] of [
      ["en", false],
      ["de", false],
      ["de", true],
    ] as const) {
      const { context, console$ } = await consoleIn({ mobile, language });
      await console$.open();
      await console$.page.getByTestId("console-signin").waitFor();
      const device = mobile ? "phone" : "desktop";
      await console$.page.screenshot({ path: join(SHOTS, `signin-${device}-${language}.png`) });
      await console$.signIn(ADMIN.email, ADMIN.password);
      await console$.findMember("mia@example.com");
      if (language === "de")
        await console$.page
          .getByTestId("member-restriction")
          .getByText(/Grund: Insults in chat/)
          .waitFor();
      await console$.page.screenshot({ path: join(SHOTS, `member-${device}-${language}.png`), fullPage: true });
      await console$.open("/console/audit");
      await console$.page.getByTestId("audit-entries").waitFor();
      await console$.page.screenshot({ path: join(SHOTS, `audit-${device}-${language}.png`), fullPage: true });
      expect(await seriousViolations(console$.page), `audit ${language} ${device}`).toEqual([]);
      await console$.open("/console/operations");
      await console$.page.getByTestId("count-signups").waitFor();
      await console$.page.screenshot({ path: join(SHOTS, `operations-${device}-${language}.png`), fullPage: true });
      expect(await seriousViolations(console$.page), `operations ${language} ${device}`).toEqual([]);
      await context.close();
    }
  });

  it("takes a report from the chat with its messages to a moderator, whose suspension the reported member sees", async () => {
    const rudi = await activeMember(site, browser, "rudi@example.com", "Rudi");
    const nina = await activeMember(site, browser, "nina@example.com", "Nina", { mobile: true });
    await rudi.site$.open(`/members/${nina.id}/chat`);
    await new Conversation(rudi.page).send("Answer me, you idiot");

    await nina.site$.open(`/members/${rudi.id}/chat`);
    await new Conversation(nina.page).waitForMessage("Answer me, you idiot");
    await nina.page.getByTestId("report-button").click();
    const form = nina.page.getByTestId("report-form");
    await form.getByLabel("Harassment or insults").check();
    await form.getByLabel("What happened? (optional)").fill("He insults me");
    await form.getByText("The last 20 messages of your conversation go with the report").waitFor();
    await form.getByLabel("Also block Rudi").check();
    expect(await seriousViolations(nina.page), "report form").toEqual([]);
    await nina.page.screenshot({ path: join(SHOTS, "report-phone-en.png") });
    await form.getByRole("button", { name: "Send report" }).click();
    await nina.page.getByTestId("report-sent").waitFor();

    for (const mobile of [true, false]) {
      const { context, console$ } = await consoleIn({ mobile, language: "en" });
      await console$.open();
      await console$.signIn(MODERATOR.email, MODERATOR.password);
      const group = console$.page.getByTestId("report-group").filter({ hasText: "Rudi" });
      await group.getByText("He insults me").waitFor();
      await group.getByText("Messages attached: 1").click();
      await group.getByTestId("report-evidence").getByText("Answer me, you idiot").waitFor();
      expect(await seriousViolations(console$.page), "reports queue").toEqual([]);
      await console$.page.screenshot({ path: join(SHOTS, `reports-${mobile ? "phone" : "desktop"}-en.png`), fullPage: true });
      if (!mobile) {
        await group.getByRole("combobox", { name: "Decision" }).selectOption("suspend");
        await group.getByRole("spinbutton", { name: "Days" }).fill("2");
        await group.getByRole("textbox", { name: "Statement of reasons" }).fill("Insulting another member");
        await group.getByRole("button", { name: "Decide all waiting reports" }).click();
        await console$.page.getByText("No reports waiting.").waitFor();
      }
      await context.close();
    }

    await rudi.site$.open("/chats");
    await rudi.page.getByTestId("ban-notice").getByText("Your account is suspended. Reason: Insulting another member").waitFor();
    await rudi.context.close();
    await nina.context.close();
  });
});
