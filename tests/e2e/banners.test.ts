import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { activeMember, newMember } from "./members";
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

  it("shows a member's first page with its banner in place: nothing moves when the page's data comes", async () => {
    const { page, context, site$ } = await activeMember(site, browser, "cleo@example.com", "Cleo", { mobile: true });
    // On a slow network the photo notices (which decide the banner) come after the members found.
    await page.route("**/api/photo-notices.php", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await site$.open("/");
    await page.getByTestId("profile-photo-alert").waitFor();
    await page.getByTestId("member-card").first().waitFor();
    // What comes after the first cards (photos, counts, the push check) has a moment to arrive.
    await page.waitForTimeout(1500);
    // Cumulative layout shift as Lighthouse counts it (shifts without recent input), whole page life.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
            resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(shift).toBeLessThan(0.1);
    await context.close();
  });
});
