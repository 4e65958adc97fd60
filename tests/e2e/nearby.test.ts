import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { signUpInPage } from "./membersPages";
import { mailLink, type SiteServer, siteForFile, US_IP } from "./siteServer";
import { LoginForm, SitePage } from "./sitePages";

// Search that knows who is searching (issue 18): the demo member lives in Zürich; women near him
// come first, each card with its distance, in English and in German.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const DEMO = { email: "demo@example.com", password: "demo12345" };

/** A woman of the demo member's age living in `city`, active (and so "online now"). */
async function womanIn(email: string, name: string, place: { region: string; city: string }) {
  const context = await newContext(browser, { ip: US_IP });
  const page = await context.newPage();
  await new SitePage(page, site.url).open("/");
  await signUpInPage(page, { email, name });
  const link = await mailLink(site, email);
  await page.goto(site.url + link.pathname + link.search);
  await page.getByTestId("activate-done").waitFor();
  const saved = await page.evaluate(
    async (body) => {
      const res = await fetch("/api/profile.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return (await res.json()).profile as { id: number };
    },
    { gender: "female", sexuality: "hetero", date_of_birth: "1990-03-04", country: "CH", ...place },
  );
  await context.close();
  return saved.id;
}

async function demoMember(locale: string, mobile = false): Promise<Page> {
  const context = await newContext(browser, { ip: US_IP, locale, mobile });
  const page = await context.newPage();
  const site$ = new SitePage(page, site.url);
  await site$.open("/login");
  await new LoginForm(page).login(DEMO.email, DEMO.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  return page;
}

/** The cards of the results, as the page shows them: name, place line and activity. */
async function cards(page: Page) {
  await page.getByTestId("search-results").getByTestId("member-card").first().waitFor();
  return page
    .getByTestId("search-results")
    .getByTestId("member-card")
    .evaluateAll((nodes) =>
      nodes.map((n) => ({
        name: n.querySelector(".member-overlay .fw-semibold")?.textContent ?? "",
        place: n.querySelector("[data-testid=member-place]")?.textContent ?? "",
        activity: n.querySelector("[data-testid=member-activity]")?.textContent ?? "",
      })),
    );
}

/** Kilometres of a place line ("Winterthur · 19 km", "< 1 km" as 0), or Infinity without a distance. */
const km = (place: string) => {
  if (/<\s*1\s*km/.test(place)) return 0;
  const match = /([\d'’.,\s]+)\s*km/.exec(place);
  return match ? Number(match[1].replace(/[^\d]/g, "")) : Number.POSITIVE_INFINITY;
};

describe("a member in Zürich", () => {
  it("sees the women near him first, with their distances, in English and in German", async () => {
    await womanIn("zoe@example.com", "Zoe", { region: "ZH", city: "Zürich" });
    await womanIn("wanda@example.com", "Wanda", { region: "ZH", city: "Winterthur" });
    await womanIn("berta@example.com", "Berta", { region: "BE", city: "Bern" });

    const page = await demoMember("en-GB");
    await new SitePage(page, site.url).open("/members");
    // His own first search: women of his ages in Switzerland, nearest first.
    await page.getByTestId("search-filters").waitFor();
    await page.waitForFunction(() => (document.querySelector("#search-gender") as HTMLSelectElement | null)?.value === "female");
    expect(await page.locator("#search-country").inputValue()).toBe("CH");
    expect(await page.getByTestId("search-sort").inputValue()).toBe("distance");

    const shown = await cards(page);
    expect(shown[0]).toMatchObject({ name: "Zoe, 36", place: "Zürich · < 1 km", activity: "Online now" });
    const wanda = shown.find((c) => c.name.startsWith("Wanda"));
    expect(wanda?.place).toMatch(/^Winterthur · (19|20|21) km$/);
    const distances = shown.map((c) => km(c.place));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(shown.findIndex((c) => c.name.startsWith("Wanda"))).toBeLessThan(shown.findIndex((c) => c.name.startsWith("Berta")));

    // The same search in German: the words and the numbers of a Swiss page in German.
    const german = await demoMember("de-CH");
    await german.evaluate(async () => {
      await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "de" }) });
    });
    await new SitePage(german, site.url).open("/members");
    await german.waitForFunction(() => document.documentElement.lang === "de");
    const inGerman = await cards(german);
    expect(inGerman[0]).toMatchObject({ name: "Zoe, 36", place: "Zürich · < 1 km", activity: "Jetzt online" });
    expect(await german.locator("#search-sort option:checked").textContent()).toBe("Nächste zuerst");
    await german.evaluate(async () => {
      await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en" }) });
    });
    await german.context().close();

    // Newest first on request, still with distances.
    await page.selectOption("#search-sort", "newest");
    await page.getByTestId("search-submit").click();
    await page.waitForURL(/sort=newest/);
    expect((await cards(page)).some((c) => /km$/.test(c.place))).toBe(true);
    await page.context().close();
  });
});
