import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { mailLink, siteForFile, type SiteServer, US_IP } from "./siteServer";
import { LoginForm, SignupForm, SitePage } from "./sitePages";

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const NL_IP = "2.16.6.1";

describe("a visitor becomes a member", () => {
  it("signs up, reads the activation mail, activates, logs out and in, and switches language", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    await page.getByTestId("home-signup").click();

    const form = new SignupForm(page);
    await form.fill({ email: "lena@gmial.com", name: "Lena", password: "lena-secret-1", dateOfBirth: "1994-04-12" });
    await page.locator("#signup-name").focus();
    await page.getByTestId("email-suggestion").getByRole("button").click();
    expect(await page.inputValue("#signup-email")).toBe("lena@gmail.com");
    await form.submit();
    // The account exists: the signup modal goes on with its steps, and the reminder to confirm shows.
    await page.locator("[data-testid=signup-wizard][data-step='1']").waitFor();
    expect(await page.getByTestId("activation-reminder").isVisible()).toBe(true);

    const link = await mailLink(site, "lena@gmail.com");
    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("activate-done").waitFor();
    expect(page.url()).toContain("/activate/done");
    await page.getByRole("link", { name: "Continue" }).click();
    await page.getByTestId("members-page").waitFor();
    expect(await page.getByTestId("activation-reminder").count()).toBe(0);

    await site$.logout();
    await page.getByTestId("nav-login").click();
    await new LoginForm(page).login("lena@gmail.com", "wrong password");
    await page.getByText("Login failed, please try again").waitFor();
    await new LoginForm(page).login("lena@gmail.com", "lena-secret-1");
    await page.getByTestId("account-dropdown").waitFor();

    // The demo site's main country (for addresses GeoIP cannot place) is Switzerland: de, it, fr, en.
    await context.setExtraHTTPHeaders({});
    await site$.open("/");
    await site$.chooseLanguage("de");
    await page.getByTestId("nav-messages").getByText("Nachrichten").waitFor();
    await page.reload();
    await page.getByTestId("nav-messages").getByText("Nachrichten").waitFor();
    const saved = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.language);
    expect(saved).toBe("de");
    const cookies = await context.cookies();
    const locale = cookies.find((c) => c.name === "locale");
    expect(locale?.value).toBe("de");
    expect((locale?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);
    await context.close();
  });

  it("refuses a duplicate address and offers to log in", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    await new SitePage(page, site.url).open("/signup");
    const form = new SignupForm(page);
    await form.fill({ email: "demo@example.com", name: "Someone", password: "some-password", dateOfBirth: "1990-01-01" });
    await form.submit();
    await page.getByText("This email address already owns an account on this website.").waitFor();
    await page.getByRole("link", { name: "Log in with this address" }).click();
    expect(await page.inputValue("#login-email")).toBe("demo@example.com");
    await context.close();
  });
});

describe("a member who forgot the password", () => {
  it("resets it through the mailed link and is logged in", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.fill("#reset-email", "nobody@example.com");
    await page.getByRole("button", { name: "Send link" }).click();
    // An unknown address is answered as a member's would be: nobody learns which addresses have an account.
    await page.getByTestId("reset-sent").getByText("If nobody@example.com belongs to an account, we have sent a link to it.").waitFor();
    await site$.open("/reset-password");
    await page.fill("#reset-email", "demo@example.com");
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByTestId("reset-sent").waitFor();

    const link = await mailLink(site, "demo@example.com");
    expect(link.pathname).toBe("/reset-password/do");
    await page.goto(site.url + link.pathname + link.search);
    await page.fill("#reset-password", "a-new-password");
    await page.fill("#reset-password-confirm", "another-password");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("The entered passwords are not the same.").waitFor();
    await page.fill("#reset-password-confirm", "a-new-password");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByTestId("account-dropdown").waitFor();

    await site$.logout();
    await page.goto(site.url + link.pathname + link.search);
    await page.fill("#reset-password", "third-password");
    await page.fill("#reset-password-confirm", "third-password");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("Link expired or invalid, request a new email").waitFor();
    await context.close();
  });
});

describe("pages that do not exist", () => {
  it("answer 404 and say so, with a link home", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const status = await new SitePage(page, site.url).open("/this/page/does-not-exist");
    expect(status).toBe(404);
    await page.getByText("This page could not be found").waitFor();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.getByTestId("visitor-home").waitFor();
    await context.close();
  });
});

describe("the site-entry warning", () => {
  it("asks a visitor from an allowed country to confirm, and remembers it", async () => {
    const context = await newContext(browser, { ip: NL_IP, mobile: true });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    await site$.entryWarning().waitFor();
    expect(await page.getByText("Alleen voor volwassenen").isVisible()).toBe(true);
    await site$.enterSite();
    await page.reload();
    await page.getByTestId("visitor-home").waitFor();
    expect(await site$.entryWarning().count()).toBe(0);
    await context.close();
  });

  it("is not shown on the password reset page, nor to visitors from elsewhere", async () => {
    const context = await newContext(browser, { ip: NL_IP });
    const page = await context.newPage();
    await new SitePage(page, site.url).open("/reset-password");
    await page.getByTestId("reset-page").waitFor();
    expect(await page.getByTestId("entry-warning").count()).toBe(0);
    const us = await newContext(browser, { ip: US_IP });
    const usPage = await us.newPage();
    await new SitePage(usPage, site.url).open("/");
    await usPage.getByTestId("visitor-home").waitFor();
    expect(await usPage.getByTestId("entry-warning").count()).toBe(0);
    await context.close();
    await us.close();
  });
});
