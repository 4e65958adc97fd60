import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cspViolations, launchBrowser, newContext } from "./browser";
import { addOperator, consoleIn as consoleInBrowser } from "./consolePages";
import { Conversation } from "./chatPages";
import { makeJpeg } from "../support/factories";
import { activeMember } from "./members";
import { ProfileEditor } from "./membersPages";
import { newDataDir, type SiteServer, startSite, US_IP } from "./siteServer";
import { LoginForm, SitePage } from "./sitePages";

// An admin made with `npm run operator -- add` signs in to the console, finds a member, suspends
// them with a reason; the member, in the middle of using the site, is shown the ban page with it.
// A photo goes through pre-moderation (the demo site's rule, the product's default).

const ADMIN = { email: "admin@staff.example", password: "console passphrase for tests" };
const MODERATOR = { email: "moderator@staff.example", password: "another console passphrase" };
const SHOTS = process.env.CONSOLE_SCREENSHOTS ?? join(tmpdir(), "console-screenshots");

let site: SiteServer;
let browser: Browser;
let dataDir: string;
/** The pre-moderation journey's member and approved photo: the rejection journey goes on with them. */
let approved: { photoId: string; leo: Awaited<ReturnType<typeof activeMember>> } | undefined;

beforeAll(async () => {
  // The operator command runs on the site's data folder before the site starts (PGlite has one user).
  dataDir = newDataDir();
  expect(addOperator(dataDir, { ...ADMIN, role: "admin" })).toContain(`Operator created: #1 ${ADMIN.email} (admin).`);
  expect(addOperator(dataDir, { ...MODERATOR, role: "moderator" })).toContain(`Operator created: #2 ${MODERATOR.email} (moderator).`);
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

const consoleIn = (options: { mobile: boolean; language: string }) => consoleInBrowser(browser, site.url, options);

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

  it("gives support the complaints, the oldest first, to answer by mail", async () => {
    const sent = await fetch(`${site.url}/api/complaints.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": US_IP },
      body: JSON.stringify({
        name: "Petra Jansen",
        email: "petra@example.com",
        category: "payment",
        message: "I paid for 50 credits yesterday but I only see 20 of them.",
      }),
    });
    expect(sent.status).toBe(200);
    for (const [language, mobile] of [
      ["fi", true],
      ["fi", false],
      ["en", true],
      ["en", false],
    ] as const) {
      const { context, console$ } = await consoleIn({ mobile, language });
      await console$.open("/console/complaints");
      await console$.signIn(ADMIN.email, ADMIN.password);
      const card = console$.page.getByTestId("complaint-card").filter({ hasText: "petra@example.com" });
      await card.getByText("I paid for 50 credits yesterday", { exact: false }).waitFor();
      expect(await seriousViolations(console$.page), `complaints ${language}`).toEqual([]);
      if (language === "en" && !mobile) {
        await card.getByRole("textbox", { name: "Answer (mailed from the support address)" }).fill("The 30 missing credits are on your account now.");
        await card.getByRole("button", { name: "Send answer" }).click();
        await card.getByTestId("complaint-answer").getByText("The 30 missing credits are on your account now.").waitFor();
      }
      await console$.page.screenshot({ path: join(SHOTS, `complaints-${mobile ? "phone" : "desktop"}-${language}.png`), fullPage: true });
      await context.close();
    }
  });

  it("tells a warned member the rule broken, the reasons and how to appeal, on the site", async () => {
    const [kalle, lena] = await Promise.all([
      activeMember(site, browser, "kalle@example.com", "Kalle", { mobile: true }),
      activeMember(site, browser, "lena@example.com", "Lena"),
    ]);
    const status = await lena.page.evaluate(
      async (id) =>
        (await fetch("/api/report.php", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, reason: "fake" }) }))
          .status,
      kalle.id,
    );
    expect(status).toBe(200);

    const { context, console$ } = await consoleIn({ mobile: false, language: "en" });
    await console$.open("/console/reports");
    await console$.signIn(MODERATOR.email, MODERATOR.password);
    const group = console$.page.getByTestId("report-group").filter({ hasText: "Kalle" });
    await group.getByRole("combobox", { name: "Decision" }).selectOption("warn");
    await group.getByRole("combobox", { name: "Rule broken" }).selectOption("fake");
    await group.getByRole("textbox", { name: "Statement of reasons" }).fill("The photos are of someone else");
    await group.getByRole("button", { name: "Decide all waiting reports" }).click();
    await console$.page.getByText("No reports waiting.").waitFor();
    await context.close();

    await kalle.site$.open("/members");
    const notice = kalle.page.getByTestId("notice-decision");
    await notice.getByText("Decision: a warning. Rule broken: Fake profiles and scams. Our reasons: “The photos are of someone else”").waitFor();
    expect(await seriousViolations(kalle.page), "decision notice").toEqual([]);
    await kalle.page.screenshot({ path: join(SHOTS, "decision-warning-phone-en.png") });
    await notice.getByRole("link", { name: "Appeal the decision" }).click();
    await kalle.page.getByTestId("appeal-page").getByLabel("Your appeal").waitFor();
    await Promise.all([kalle.context.close(), lena.context.close()]);
  });

  it("takes a report from the chat with its messages to a moderator, whose suspension the reported member sees", async () => {
    const rudi = await activeMember(site, browser, "rudi@example.com", "Rudi");
    const nina = await activeMember(site, browser, "nina@example.com", "Nina", { mobile: true });
    await rudi.site$.open(`/members/${nina.id}/chat`);
    await new Conversation(rudi.page).send("Answer me, you idiot");

    await nina.site$.open(`/members/${rudi.id}/chat`);
    await new Conversation(nina.page).waitForMessage("Answer me, you idiot");
    // The report is about the one message: "Report message" beside it.
    await nina.page.getByTestId("chat-message").filter({ hasText: "Answer me, you idiot" }).getByRole("button", { name: "Report message" }).click();
    const form = nina.page.getByTestId("report-form");
    await nina.page.getByRole("dialog", { name: "Report this message from Rudi" }).waitFor();
    await form.getByLabel("Harassment or insults").check();
    await form.getByLabel("What happened? (optional)").fill("He insults me");
    await form.getByText("This message and the last 20 messages of your conversation go with the report").waitFor();
    await form.getByLabel("Also block Rudi").check();
    expect(await seriousViolations(nina.page), "report form").toEqual([]);
    await nina.page.screenshot({ path: join(SHOTS, "report-phone-en.png") });
    await form.getByRole("button", { name: "Send report" }).click();
    await nina.page.getByTestId("report-sent").waitFor();
    await nina.page.getByRole("button", { name: "Close" }).first().click();
    // The safety tips are a tap away in the chat.
    await nina.page.getByTestId("chat-safety").click();
    await nina.page.getByTestId("safety-page").getByRole("heading", { name: "Safety tips" }).waitFor();
    expect(await seriousViolations(nina.page), "safety tips").toEqual([]);
    await nina.page.screenshot({ path: join(SHOTS, "safety-phone-en.png"), fullPage: true });

    for (const mobile of [true, false]) {
      const { context, console$ } = await consoleIn({ mobile, language: "en" });
      await console$.open();
      await console$.signIn(MODERATOR.email, MODERATOR.password);
      const group = console$.page.getByTestId("report-group").filter({ hasText: "Rudi" });
      await group.getByText("He insults me").waitFor();
      await group.getByText("Messages attached: 1").click();
      await group.getByTestId("report-evidence").getByText("Answer me, you idiot").waitFor();
      await group.getByTestId("report-evidence").getByTestId("reported-message").waitFor();
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
    const banNotice = rudi.page.getByTestId("ban-notice");
    await banNotice.getByText("Your account is suspended. Reason: Insulting another member").waitFor();

    // The reporter is told that the site acted, and nothing of the sanction (DSA Art. 17).
    await nina.site$.open("/members");
    const outcome = nina.page.getByTestId("notice-report_outcome");
    await outcome.getByText("We reviewed it and took action under our rules.", { exact: false }).waitFor();
    expect(await outcome.textContent()).not.toContain("Insulting another member");
    expect(await seriousViolations(nina.page), "decision notice").toEqual([]);
    await nina.page.screenshot({ path: join(SHOTS, "decision-notice-phone-en.png") });
    await outcome.getByRole("button", { name: "Got it" }).click();
    await outcome.waitFor({ state: "detached" });

    // The suspended member appeals from the ban page, once.
    await rudi.page.screenshot({ path: join(SHOTS, "ban-page-appeal-desktop-en.png") });
    await banNotice.getByRole("link", { name: "Do you think this is wrong? Appeal the decision" }).click();
    const appeal = rudi.page.getByTestId("appeal-page");
    await appeal.getByText("Rule broken: Respect for other members", { exact: false }).waitFor();
    await appeal.getByLabel("Your appeal").fill("I was quoting a film, not insulting her");
    expect(await seriousViolations(rudi.page), "appeal form").toEqual([]);
    await rudi.page.screenshot({ path: join(SHOTS, "appeal-desktop-en.png") });
    await appeal.getByRole("button", { name: "Send appeal" }).click();
    await appeal.getByTestId("appeal-sent").getByText("Your appeal has been sent.", { exact: false }).waitFor();

    // An admin (not the moderator who decided) sees the appeal and upholds the decision.
    for (const [language, mobile] of [
      ["fi", true],
      ["en", true],
      ["fi", false],
      ["en", false],
    ] as const) {
      const { context, console$ } = await consoleIn({ mobile, language });
      await console$.open("/console/appeals");
      await console$.signIn(ADMIN.email, ADMIN.password);
      const card = console$.page.getByTestId("appeal-card").filter({ hasText: "Rudi" });
      await card.getByTestId("appeal-text").getByText("I was quoting a film", { exact: false }).waitFor();
      expect(await seriousViolations(console$.page), `appeals ${language}`).toEqual([]);
      await console$.page.screenshot({ path: join(SHOTS, `appeals-${mobile ? "phone" : "desktop"}-${language}.png`), fullPage: true });
      if (language === "en" && !mobile) {
        await card.getByLabel("Uphold the decision").check();
        await card.getByRole("textbox", { name: "Statement of reasons (the member is told)" }).fill("The messages insult her directly");
        await card.getByRole("button", { name: "Decide the appeal" }).click();
        await console$.page.getByText("No appeals waiting.").waitFor();
      }
      await context.close();
    }

    // Nina, who reported him, hears that the decision stands after his appeal: not the reasons given to him.
    await nina.site$.open("/members");
    const appealOutcome = nina.page.getByTestId("notice-report_appeal_outcome");
    await appealOutcome.getByText("The review confirmed that our rules were broken, so our decision stands.", { exact: false }).waitFor();
    expect(await appealOutcome.textContent()).not.toContain("The messages insult her directly");
    expect(await seriousViolations(nina.page), "appeal outcome notice").toEqual([]);
    await nina.page.screenshot({ path: join(SHOTS, "report-appeal-notice-phone-en.png") });
    await rudi.context.close();
    await nina.context.close();
    // Two members, six console sessions and a dozen accessibility checks: as long as this file's other
    // long journeys, and past 60 s once on a loaded 2-core machine where every journey ran 2.5 times slower than in CI.
  }, 120_000);

  it("takes a photo through pre-moderation: hidden from others until a moderator approves it, then seen", async () => {
    const leo = await activeMember(site, browser, "leo@example.com", "Leo");
    const ines = await activeMember(site, browser, "ines@example.com", "Ines", { mobile: true });
    await leo.site$.open("/profile");
    const photos = leo.page.getByTestId("photo-manager");
    await photos.getByTestId("photo-rule").getByText("New photos are visible to others after a check, usually within 24 hours.").waitFor();
    await new ProfileEditor(leo.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#3a7bd5" }));
    await photos.getByTestId("own-photo").getByText("In review").waitFor();
    const photoId = await leo.page.evaluate(async () => (await (await fetch("/api/profile.php")).json()).photos[0].id as string);

    // Ines finds no photo on Leo's page while it waits.
    await ines.site$.open(`/members/${leo.id}`);
    await ines.page.getByTestId("member-photos").getByText("No photo").waitFor();

    for (const [language, mobile] of [
      ["en", true],
      ["de", false],
      ["de", true],
      ["en", false],
    ] as const) {
      const { context, console$ } = await consoleIn({ mobile, language });
      if (!mobile) await console$.page.setViewportSize({ width: 1280, height: 800 });
      await console$.open("/console/photos");
      await console$.signIn(MODERATOR.email, MODERATOR.password);
      const card = console$.page.getByTestId("queued-photo").filter({ hasText: "Leo" });
      await card.locator(`img[src*="${photoId}"]`).waitFor();
      await console$.page
        .getByTestId("photo-queue-waiting")
        .getByText(language === "de" ? "Wartend: 1" : "Waiting: 1")
        .waitFor();
      expect(await seriousViolations(console$.page), `photo queue ${language}`).toEqual([]);
      await console$.page.screenshot({ path: join(SHOTS, `photos-${mobile ? "phone" : "desktop"}-${language}.png`), fullPage: true });
      if (language === "en" && !mobile) {
        await card.getByRole("button", { name: "Approve" }).click();
        await console$.page.getByText("No photos waiting.").waitFor();
      }
      await context.close();
    }

    await ines.site$.open(`/members/${leo.id}`);
    await ines.page.getByTestId("member-photos").locator(`img[src*="${photoId}"]`).waitFor();
    approved = { photoId, leo };
    await ines.context.close();
  }, 120_000);

  it("takes a rejected photo away from the member and tells them why, with a banner and on the photo screen", async () => {
    if (!approved) throw new Error("the pre-moderation journey did not run");
    const { photoId, leo } = approved;
    await leo.site$.open("/profile");
    const photos = leo.page.getByTestId("photo-manager");
    await new ProfileEditor(leo.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#222222" }));
    await photos.getByTestId("own-photo").getByText("In review").waitFor();
    await leo.context.close();
    const { context, console$ } = await consoleIn({ mobile: false, language: "en" });
    await console$.open("/console/photos");
    await console$.signIn(MODERATOR.email, MODERATOR.password);
    const card = console$.page.getByTestId("queued-photo").filter({ hasText: "Leo" });
    await card.getByTestId("queued-photo-others").locator(`img[src*="${photoId}"]`).waitFor();
    await card.getByRole("combobox", { name: "Reason for rejecting" }).selectOption("poor_quality");
    await card.getByRole("button", { name: "Reject" }).click();
    await console$.page.getByText("No photos waiting.").waitFor();
    await context.close();

    const phone = await newContext(browser, { ip: US_IP, mobile: true });
    const leoPhone = await phone.newPage();
    await new SitePage(leoPhone, site.url).open("/login");
    await new LoginForm(leoPhone).login("leo@example.com", "member-secret-1");
    await leoPhone.waitForURL((url) => url.pathname !== "/login");
    await new SitePage(leoPhone, site.url).open("/members");
    await leoPhone.getByTestId("photo-rejected-alert").getByText("One of your photos was not approved.", { exact: false }).waitFor();
    await leoPhone.screenshot({ path: join(SHOTS, "photo-rejected-banner-phone-en.png") });
    await leoPhone.getByTestId("photo-rejected-alert").getByRole("link", { name: "My photos" }).click();
    await leoPhone
      .getByTestId("photo-rejected-notice")
      .getByText("Your photo was not approved. The photo is too blurred, dark or small to see you. You can upload another one.")
      .waitFor();
    expect(await leoPhone.getByTestId("own-photo").count()).toBe(1);
    expect(await seriousViolations(leoPhone), "photo screen with a rejection").toEqual([]);
    await leoPhone.getByTestId("photo-manager").screenshot({ path: join(SHOTS, "photo-rejected-phone-en.png") });
    await phone.close();
  }, 90_000);

  it("tells the moderator that the nudity check flagged a profile photo it holds back, and lets them approve it", async () => {
    const nora = await activeMember(site, browser, "nora.flag@example.com", "Nora", { mobile: true });
    await nora.site$.open("/profile");
    // The marker classifier of the tests' sites finds a magenta image explicit.
    await new ProfileEditor(nora.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#ff00ff" }));
    await nora.page.getByTestId("photo-manager").getByTestId("own-photo").getByText("In review").waitFor();
    await nora.context.close();

    const { context, console$ } = await consoleIn({ mobile: true, language: "fi" });
    await console$.open("/console/photos");
    await console$.signIn(MODERATOR.email, MODERATOR.password);
    const card = console$.page.getByTestId("queued-photo").filter({ hasText: "Nora" });
    const flag = card.getByTestId("photo-model-flagged");
    expect(await flag.textContent()).toBe("Alastomuustarkistus merkitsi sen: piilossa hyväksyntään asti");
    // Its badge wraps within the card on a phone.
    const [badge, box] = [await flag.boundingBox(), await card.boundingBox()];
    expect(badge && box && badge.x + badge.width <= box.x + box.width).toBe(true);
    expect(await seriousViolations(console$.page), "photo queue with a flagged photo").toEqual([]);
    await card.screenshot({ path: join(SHOTS, "photo-flagged-phone-fi.png") });
    await card.getByRole("button", { name: "Hyväksy" }).click();
    await card.waitFor({ state: "detached" });
    await context.close();
  });
});
