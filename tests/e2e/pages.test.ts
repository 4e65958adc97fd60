import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember, newMember } from "./members";
import { mailLink, siteForFile, type SiteServer } from "./siteServer";
import { SitePage } from "./sitePages";

// The legal and help pages, the complaints form and the download of one's data.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

describe("legal and help pages", () => {
  it("open from the footer with the company's details, the terms' version date and a dialable phone", async () => {
    const context = await newContext(browser, { ip: "8.8.8.8" });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    await page.locator("footer").getByRole("link", { name: "Terms and conditions" }).click();
    await page.getByTestId("pages-terms").getByRole("heading", { name: "Terms and conditions" }).waitFor();
    // The demo company was added on 2024-03-01, after the default version date.
    expect(await page.getByTestId("terms-version").textContent()).toMatch(/2024/);
    await page.getByText("registered in the trade register under number 12345678").waitFor();
    expect(await seriousViolations(page), "terms").toEqual([]);

    for (const [path, heading] of [
      ["/pages/privacy", "Privacy policy"],
      ["/pages/cookies", "Cookie policy"],
      ["/pages/ban", "Access ban"],
      ["/pages/return-policy", "Returns and refunds"],
      ["/pages/faq", "Frequently asked questions"],
    ]) {
      expect(await site$.open(path)).toBe(200);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await site$.open("/pages/service");
    expect(await page.getByTestId("service-phone").getAttribute("href")).toBe("tel:+31201234567");
    expect(await seriousViolations(page), "service").toEqual([]);

    // In German (a member's or a chosen language), with the same structure.
    await context.addCookies([{ name: "locale", value: "de", url: site.url }]);
    await site$.open("/pages/terms");
    await page.getByRole("heading", { name: "Allgemeine Geschäftsbedingungen", level: 1 }).waitFor();
    await context.close();
  });
});

describe("complaints", () => {
  it("a visitor sends a complaint, sees its reference and gets it by e-mail", async () => {
    const context = await newContext(browser, { ip: "8.8.8.8", mobile: true });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/complaints");
    // The answer time promised is the complaints queue's (COMPLAINT_ANSWER_HOURS), as in the confirmation mail.
    await page.getByText("an answer from customer service within 48 hours.", { exact: false }).waitFor();
    await page.getByTestId("complaint-submit").click();
    await page.getByText("Describe your complaint in at least 20 and at most 5000 characters.").waitFor();
    expect(await seriousViolations(page), "complaints with errors").toEqual([]);
    await page.getByLabel("Your name").fill("Vera Visitor");
    await page.getByLabel("Your e-mail address").fill("vera@example.com");
    await page.getByLabel("What is it about?").selectOption("technical");
    await page.getByLabel("Your complaint").fill("The photo upload button does nothing on my phone since yesterday.");
    await page.getByTestId("complaint-submit").click();
    const reference = (await page.getByTestId("complaint-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await seriousViolations(page), "complaint sent").toEqual([]);
    const link = await mailLink(site, "vera@example.com");
    expect(link.pathname).toBe("/pages/service");
    await context.close();
  });
});

describe("my data", () => {
  it("a member downloads everything the site holds about them from the profile settings", async () => {
    const { page, site$, context } = await activeMember(site, browser, "dana@example.com", "Dana");
    await site$.open("/profile");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("my-data-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-.+\.json$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const data = JSON.parse(readFileSync(path, "utf8")) as { account: { email: string }; credit_ledger: unknown[] };
    expect(data.account.email).toBe("dana@example.com");
    expect(data.credit_ledger.length).toBeGreaterThan(0);
    await context.close();
  });
});

describe("deleting and reactivating an account", () => {
  it("offers alternatives, asks why and for the password, then restores everything from the mailed link", async () => {
    const { page, site$, context } = await activeMember(site, browser, "lotte@example.com", "Lotte", { mobile: true });
    await site$.open("/profile");
    await page.getByTestId("delete-account-open").click();
    await page.getByTestId("delete-stay-discount").waitFor();
    expect(await seriousViolations(page), "deletion: alternatives").toEqual([]);
    await page.getByTestId("delete-continue").click();
    await page.getByTestId("delete-reason-taking_a_break").check();
    expect(await seriousViolations(page), "deletion: reason and password").toEqual([]);
    await page.getByTestId("delete-password").fill("wrong-password");
    await page.getByTestId("delete-confirm").click();
    await page.getByText("This password is not correct.").waitFor();
    await page.getByTestId("delete-password").fill("member-secret-1");
    await page.getByTestId("delete-confirm").click();
    await page.getByTestId("account-deleted").waitFor();
    expect(await seriousViolations(page), "account-deleted").toEqual([]);
    await page.getByTestId("nav-login").waitFor();

    const link = await mailLink(site, "lotte@example.com", 2, /https?:\/\/\S+\/reactivate\?token=\S+/);
    await site$.open(link.pathname + link.search);
    await page.getByTestId("reactivated").waitFor();
    expect(await seriousViolations(page), "reactivated").toEqual([]);
    await page.getByRole("link", { name: "Go to the members" }).click();
    await page.getByTestId("account-dropdown").waitFor();
    await context.close();
  });
});

describe("devices and password", () => {
  it("shows where the member is logged in, logs out the other device, and changes the password", async () => {
    const { page, site$, context } = await activeMember(site, browser, "sven@example.com", "Sven");
    // A second device logs in.
    const phone = await newContext(browser, { ip: "8.8.8.8", mobile: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(site.url);
    expect(
      await phonePage.evaluate(
        async () =>
          (
            await fetch("/api/user.php", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: "sven@example.com", password: "member-secret-1" }),
            })
          ).status,
      ),
    ).toBe(200);

    await site$.open("/profile");
    await page.getByTestId("sessions-card").getByText("This device").waitFor();
    expect(await page.getByTestId("session-row").count()).toBe(2);
    await page.getByTestId("sessions-end-others").click();
    await page.getByTestId("sessions-end-others").waitFor({ state: "detached" });
    expect(await phonePage.evaluate(async () => (await (await fetch("/api/user.php")).json()).user)).toBeNull();

    const form = page.getByTestId("password-change");
    await form.getByLabel("Current password").fill("wrong-one");
    await form.getByLabel("New password", { exact: true }).fill("member-secret-2");
    await form.getByLabel("New password again").fill("member-secret-2");
    await page.getByTestId("password-change-submit").click();
    await form.getByText("Please check your old password.").waitFor();
    await form.getByLabel("Current password").fill("member-secret-1");
    await page.getByTestId("password-change-submit").click();
    await page.getByTestId("password-changed").waitFor();
    expect(await seriousViolations(page), "profile settings: sessions and password").toEqual([]);
    await phone.close();
    await context.close();
  });
});

describe("the activation reminder", () => {
  it("is a modal on a smartphone right after signup (api_signup_complete), with a resend button", async () => {
    const { page, site$, context } = await newMember(site, browser, "mona@example.com", "Mona", { mobile: true });
    await site$.open("/members?api_signup_complete=1");
    const modal = page.getByTestId("activation-reminder-modal");
    await modal.getByText("Confirm your e-mail address").waitFor();
    await modal.getByRole("button", { name: "Send activation e-mail again" }).click();
    await modal.getByText("We sent you a new activation e-mail.").waitFor();
    expect(await seriousViolations(page), "reminder modal").toEqual([]);
    await site$.open("/members");
    await page.getByTestId("activation-reminder").waitFor();
    expect(await seriousViolations(page), "reminder alert").toEqual([]);
    expect(await page.getByTestId("activation-reminder-modal").count()).toBe(0);
    await context.close();
  });
});

describe("the installed app", () => {
  it("has the compact footer, and a back button on inner pages that leads to the start page when opened there", async () => {
    const member = await newMember(site, browser, "installed@example.com", "Ida");
    // Chromium cannot be installed headless: the page is told it runs standalone, as an installed app is.
    await member.context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone") ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
    });
    const page = await member.context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/pages/faq");
    await page.getByTestId("footer-app").waitFor();
    await page.getByTestId("installed-back").click();
    await page.waitForURL(/\/members$/);
    await page.getByTestId("members-page").waitFor();
    expect(await page.getByTestId("installed-back").count()).toBe(0);
    await page.getByTestId("member-card").first().click();
    await page.getByTestId("member-page").waitFor();
    await page.getByTestId("installed-back").click();
    await page.getByTestId("members-page").waitFor();
    await member.context.close();
  });
});

describe("the API documentation", () => {
  it("renders under the site's Content-Security-Policy and lists the calls", async () => {
    const context = await newContext(browser, { ip: "8.8.8.8" });
    const page = await context.newPage();
    await page.goto(`${site.url}/api/docs`);
    await page.getByText("/api/chat.php").first().waitFor();
    await context.close();
  });
});
