import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { newMember } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";
import { SitePage } from "./sitePages";

// Legal and money truth (issue 18): the terms and the privacy policy are links where a visitor
// agrees to them, and readable before agreeing; members see their balance and what deleting the
// account does to their credits; push sits on the notifications page.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

/** An address GeoIP places in the Netherlands, where the entry warning shows. */
const NL_IP = "2.16.6.1";

describe("the terms and the privacy policy", () => {
  it("are links in the entry warning, which leaves them readable, and in the signup form", async () => {
    const context = await newContext(browser, { ip: NL_IP, mobile: true, locale: "en-GB" });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    const warning = site$.entryWarning();
    await warning.waitFor();
    const legal = page.getByTestId("entry-warning-legal");
    expect(await legal.getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("href")))).toEqual(["/pages/terms", "/pages/privacy"]);

    // Read the terms first: no warning over them.
    await legal.getByRole("link").first().click();
    await page.waitForURL(/\/pages\/terms$/);
    await page.locator("#main h1").waitFor();
    // The warning leaves (its fade-out ends) and stays away.
    await warning.waitFor({ state: "detached", timeout: 5000 });
    await page.waitForTimeout(500);
    expect(await warning.count()).toBe(0);
    await site$.open("/pages/privacy");
    await page.locator("#main h1").waitFor();
    expect(await warning.count()).toBe(0);
    // Elsewhere it still asks.
    await site$.open("/signup");
    await warning.waitFor();
    await site$.enterSite();

    const terms = page.getByTestId("signup-terms");
    await terms.waitFor();
    const links = await terms.getByRole("link").evaluateAll((nodes) => nodes.map((l) => [l.getAttribute("href"), l.getAttribute("target"), l.textContent]));
    expect(links.map(([href, target]) => [href, target])).toEqual([
      ["/pages/terms", "_blank"],
      ["/pages/privacy", "_blank"],
    ]);
    expect(links.every(([, , text]) => (text ?? "").length > 3)).toBe(true);
    await context.close();
  });
});

describe("a free member", () => {
  it("sees the balance, what deleting does to credits and refunds, and push on the notifications page", async () => {
    const { page, site$, context } = await newMember(site, browser, "frida@example.com", "Frida", { locale: "de-DE" });
    await page.evaluate(async () => {
      await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "de" }) });
    });
    await site$.open("/members");
    const credits = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number);
    expect(credits).toBeGreaterThan(0);
    await page.getByTestId("nav-credits").getByText(String(credits), { exact: true }).waitFor();
    expect(await page.getByTestId("get-premium").count()).toBe(1);

    await site$.open("/profile");
    const money = page.getByTestId("delete-account-credits");
    await money.waitFor();
    const text = await money.textContent();
    expect(text).toContain(`${credits} Credits`);
    expect(text).toContain("14 Tage");
    expect(text).toContain("nicht ausgezahlt");
    expect(text).toContain("innerhalb von 14 Tagen");
    expect(await money.getByRole("link").getAttribute("href")).toBe("/transactions");

    await site$.open("/notifications");
    await page.getByTestId("push-settings").waitFor();
    expect(await page.getByTestId("push-settings").getByRole("heading").count()).toBe(1);
    await context.close();
  });
});
