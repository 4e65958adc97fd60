import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newMember } from "./members";
import { mailLink, siteForFile, type SiteServer } from "./siteServer";
import { SitePage } from "./sitePages";

// A member's first screens on a phone (issue 18): content before banners, one banner at a time, no
// modal over it on the first page of a visit, and "Not now" that is remembered.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const BANNERS = ["activation-reminder", "profile-photo-alert", "time-bonus-banner", "disabled-notifications-alert", "push-alert"];

/** The banners the page shows now, by test id. */
async function bannersShown(page: Page): Promise<string[]> {
  return page.evaluate((ids) => ids.filter((id) => document.querySelector(`[data-testid="${id}"]`)), BANNERS);
}

/** Whether the first screen holds a member card with its photo, wholly or partly. */
async function cardOnFirstScreen(page: Page): Promise<boolean> {
  await page.getByTestId("member-card").first().waitFor();
  const box = await page.getByTestId("member-card").first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y + box.height / 3 < height;
}

describe("banners on a phone", () => {
  it("shows a new member's home with members on the first screen and one banner by priority", async () => {
    const { page, context, site$ } = await newMember(site, browser, "bea@example.com", "Bea", { mobile: true, fakeClock: true });
    await site$.open("/");
    await page.getByTestId("activation-reminder").waitFor();
    expect(await bannersShown(page)).toEqual(["activation-reminder"]);
    expect(await cardOnFirstScreen(page)).toBe(true);

    // Confirmed: the photo reminder takes the place, still alone.
    const link = await mailLink(site, "bea@example.com");
    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("activate-done").waitFor();
    await site$.open("/");
    await page.getByTestId("profile-photo-alert").waitFor();
    expect(await bannersShown(page)).toEqual(["profile-photo-alert"]);
    expect(await cardOnFirstScreen(page)).toBe(true);

    // A new tab is a new visit: on its first page no modal comes over the banner, even after a while.
    const tab = await context.newPage();
    await new SitePage(tab, site.url).open("/members");
    await tab.getByTestId("profile-photo-alert").waitFor();
    await tab.clock.runFor(60_000);
    expect(await tab.locator(".modal.show").count()).toBe(0);
    await tab.close();

    // Closed, the photo reminder gives way to the time bonus, which also shows on the credits page.
    await page.getByTestId("profile-photo-alert").getByRole("button", { name: "Close" }).click();
    await page.getByTestId("time-bonus-banner").waitFor();
    expect(await bannersShown(page)).toEqual(["time-bonus-banner"]);
    // The banner links to the credits page, where it shows too.
    await page.getByTestId("time-bonus-banner").click();
    await page.waitForURL(/\/credits$/);
    await site$.open("/credits");
    await page.getByTestId("time-bonus-banner").waitFor();
    expect(await bannersShown(page)).toEqual(["time-bonus-banner"]);
    // The countdown ticks without moving the page below it.
    const mainTop = async () => (await page.locator("#main").boundingBox())?.y;
    const before = await mainTop();
    await page.clock.runFor(3000);
    expect(await mainTop()).toBe(before);

    // The photo reminder stays away after its close, for days, not only for this page.
    await site$.open("/members");
    await page.getByTestId("time-bonus-banner").waitFor();
    expect(await bannersShown(page)).toEqual(["time-bonus-banner"]);
    await context.close();
  });
});
