import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember, newMember } from "./members";
import { mailLink, siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

// Pages of the spec that no journey opened: /premium, /pricing, /lang-config, /activate/error and
// /mail-change/do, each as a person reaches it.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

describe("premium and pricing", () => {
  it("a member reaches /premium from the top bar: the 46% claim, the features and the way to credits", async () => {
    const { page, context } = await activeMember(site, browser, "pia@example.com", "Pia", { mobile: false });
    await page.getByTestId("get-premium").click();
    await page.waitForURL(/\/premium$/);
    const premium = page.getByTestId("premium-page");
    await premium.getByText("Premium members have a 46% higher chance of a match.").waitFor();
    await premium.getByRole("heading", { name: "What premium gives you" }).waitFor();
    await premium.getByText("No subscription: you only pay for the bundles you choose").waitFor();
    expect(await seriousViolations(page), "premium").toEqual([]);
    await page.getByTestId("premium-buy").click();
    await page.waitForURL(/\/credits$/);
    await context.close();
  });

  it("a visitor opens /pricing from the footer: every bundle in their currency, the costs, the refund days and the methods, then signs up", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    await page.locator("footer").getByRole("link", { name: "Pricing" }).click();
    const pricing = page.getByTestId("pricing-page");
    await pricing.getByRole("heading", { name: "Pricing", level: 1 }).waitFor();
    const rows = pricing.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    for (const text of await rows.allTextContents()) expect(text).toMatch(/\$\s?\d/);
    await pricing.getByText(/You can ask for a refund of a purchase within \d+ days/).waitFor();
    expect(await seriousViolations(page), "pricing").toEqual([]);
    await pricing.getByRole("link", { name: "Sign up free" }).click();
    await page.waitForURL(/\/signup$/);
    await context.close();
  });
});

describe("language configuration", () => {
  it("choosing a language on /lang-config switches the page, keeps the choice in the locale cookie and says it was saved", async () => {
    // A Swiss visitor: the site offers the languages of Switzerland.
    const context = await newContext(browser, {});
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/lang-config");
    if (await site$.entryWarning().isVisible()) await site$.enterSite();
    await page.getByTestId("lang-config").waitFor();
    await page.locator("label[for=lang-de]").click();
    await page.waitForFunction(() => document.documentElement.lang === "de");
    await page.getByText("Sprache gespeichert.").waitFor();
    const cookies = await context.cookies(site.url);
    expect(cookies.find((c) => c.name === "locale")?.value).toBe("de");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === "de");
    await context.close();
  });
});

describe("links that no longer work", () => {
  it("an activation link opened a second time shows 'Activation failed' with the way to log in", async () => {
    const member = await newMember(site, browser, "ada@example.com", "Ada");
    const link = await mailLink(site, "ada@example.com");
    await member.page.goto(site.url + link.pathname + link.search);
    await member.page.getByTestId("activate-done").waitFor();
    await member.site$.logout();
    await member.page.goto(site.url + link.pathname + link.search);
    const failed = member.page.getByTestId("activate-error");
    await failed.getByText("Activation failed").waitFor();
    await failed.getByRole("link", { name: "Log in" }).waitFor();
    expect(await seriousViolations(member.page), "activate error").toEqual([]);
    await member.context.close();
  });

  it("the e-mail change link changes the address once; opened again it says the address was not changed", async () => {
    const { page, context } = await activeMember(site, browser, "old-address@example.com", "Mia");
    const site$ = new SitePage(page, site.url);
    await site$.open("/profile#settings");
    await page.locator("#mail-change-email").fill("new-address@example.com");
    await page.locator("#mail-change-password").fill("member-secret-1");
    await page.getByTestId("mail-change-form").getByRole("button", { name: "Change e-mail address" }).click();
    await page.getByText("We sent a confirmation link to new-address@example.com.", { exact: false }).waitFor();

    const link = await mailLink(site, "new-address@example.com");
    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("mail-change-done").getByText("Your e-mail address has been changed").waitFor();
    expect(await seriousViolations(page), "mail change done").toEqual([]);
    const email = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.email as string);
    expect(email).toBe("new-address@example.com");

    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("mail-change-failed").getByText("E-mail address not changed").waitFor();
    await context.close();
  });
});

describe("the profile's switches", () => {
  it("invisible mode and showing activity are saved when switched and stay after a reload", async () => {
    const { page, site$, context } = await activeMember(site, browser, "ines@example.com", "Ines");
    await site$.open("/profile");
    await page.getByLabel("Browse invisibly").check();
    await page.getByText("You are invisible: other members do not find you in search").waitFor();
    await page.getByLabel("Show when I'm online").uncheck();
    await page.getByText("Nobody sees whether you are online or when you were last active.").waitFor();
    await expect.poll(() => page.getByLabel("Show when I'm online").isEnabled()).toBe(true);
    await site$.open("/profile");
    expect(await page.getByLabel("Browse invisibly").isChecked()).toBe(true);
    expect(await page.getByLabel("Show when I'm online").isChecked()).toBe(false);
    await context.close();
  });
});
