import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { siteForFile, type SiteServer, US_IP } from "./siteServer";
import { LoginForm, SitePage } from "./sitePages";

// Every page has its own title in the member's language (issue 18), with the unread prefix of the
// spec when there is something new.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const DEMO = { email: "demo@example.com", password: "demo12345" };

describe("page titles", () => {
  it("names each page in German for a German-speaking member", async () => {
    const context = await newContext(browser, { ip: US_IP, locale: "de-DE" });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/login");
    await new LoginForm(page).login(DEMO.email, DEMO.password);
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.evaluate(async () => {
      await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "de" }) });
    });
    const title = (await page.evaluate(async () => (await (await fetch("/api/settings.php")).json()).name)) as string;
    const unread = /^(\(\d+\) )?/;

    await site$.open("/chats");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    await page.waitForFunction((name) => document.title.endsWith(`Nachrichten – ${name}`), title);
    expect((await page.title()).replace(unread, "")).toBe(`Nachrichten – ${title}`);

    await site$.open("/pages/privacy");
    await page.waitForFunction((name) => document.title.endsWith(`– ${name}`) && !document.title.includes("Nachrichten"), title);
    expect((await page.title()).replace(unread, "")).toBe(`Datenschutzerklärung – ${title}`);

    // Another page, another title; and back on the first, the same again.
    await page.goBack();
    await page.waitForFunction(() => document.title.includes("Nachrichten"));
    await page.evaluate(async () => {
      await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en" }) });
    });
    await context.close();
  });
});
