import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDERS } from "../../src/common/landers";
import { PHOTO_WIDTHS } from "../../src/common/photoSizes";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember } from "./members";
import { siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

// The landing pages: eight landers and the swipe lander, built from the site's profiles, and a
// member's own landing pages; each leads to the signup and passes axe-core.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

/** Every request the page made went to the site itself: no remote images, fonts or scripts. */
function watchRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) foreign.push(r.url());
  });
  return foreign;
}

describe("the home page", () => {
  it("passes axe-core for a visitor, on a phone and a desktop", async () => {
    for (const mobile of [false, true]) {
      const context = await newContext(browser, { ip: US_IP, mobile });
      const page = await context.newPage();
      await new SitePage(page, site.url).open("/");
      await page.getByTestId("visitor-home").waitFor();
      await page.getByTestId("member-card").first().waitFor();
      expect(await seriousViolations(page), mobile ? "phone" : "desktop").toEqual([]);
      await context.close();
    }
  });
});

describe("landers", () => {
  it("each shows the site's profiles with their own photos, passes axe-core and opens the signup", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const foreign = watchRequests(page, site.url);
    const site$ = new SitePage(page, site.url);
    for (const name of LANDERS) {
      for (const mobile of [false, true]) {
        await page.setViewportSize(mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
        expect(await site$.open(`/landers/${name}/milf`), name).toBe(200);
        await page.getByTestId(`lander-${name}`).waitFor();
        await page.getByTestId("lander-profile").first().waitFor();
        const photos = await page.locator(`[data-testid=lander-${name}] img`).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
        expect(photos.length, name).toBeGreaterThan(0);
        for (const src of photos) expect(new URL(src).pathname, name).toMatch(/^\/photos\//);
        expect(await seriousViolations(page), `${name} ${mobile ? "phone" : "desktop"}`).toEqual([]);
      }
      expect(await page.locator("h1").count(), name).toBe(1);
      await page.getByTestId("lander-cta").first().click();
      await page.getByTestId("signup-modal").waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("signup-modal").waitFor({ state: "detached" });
    }
    expect(foreign).toEqual([]);
    await context.close();
  });

  it("run the app on the visitor's first touch (fetched, not run, before it), or at once where a show moves by itself", async () => {
    const context = await newContext(browser, { ip: US_IP, mobile: true });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (req) => asked.push(new URL(req.url()).pathname));
    await page.goto(`${site.url}/landers/gallery`);
    await page.waitForLoadState("networkidle");
    const [entry] = ((await page.locator("#root").getAttribute("data-app")) ?? "").split(" ");
    expect(asked, "the app's entry, fetched once the page has loaded").toContain(entry);
    expect(asked, "the app has not run: it would ask for the settings").not.toContain("/api/settings.php");
    await page.getByTestId("lander-cta").first().tap();
    await page.getByTestId("signup-modal").waitFor();
    expect(asked).toContain("/api/settings.php");

    const started = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/settings.php");
    await page.goto(`${site.url}/landers/video`);
    await started;
    await context.close();
  });

  it("the swipe lander lets a visitor like three and then write to the last one", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    await new SitePage(page, site.url).open("/landers/tinderswipe");
    await page.getByTestId("swipe-card").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("ArrowLeft");
    for (let i = 0; i < 3; i++) {
      await page.waitForTimeout(450);
      await page.keyboard.press("ArrowRight");
    }
    const done = page.getByTestId("tinderswipe-done");
    await done.waitFor();
    const title = (await done.locator("h2").textContent()) ?? "";
    const name = title.replace(/^You like (.*)!$/, "$1");
    await done.getByTestId("lander-cta").click();
    await page.getByText(`Your first message to ${name}`).waitFor();
    // Nothing typed yet: the modal closes, and the lander's logo bar leads to the home page.
    await page.getByTestId("signup-modal-close").click();
    await page.getByTestId("signup-modal").waitFor({ state: "detached" });
    await page.locator("header.topbar").getByRole("link", { name: "Amoria" }).click();
    await page.waitForURL(`${site.url}/`);
    await context.close();
  });
});

describe("a member's own landing pages", () => {
  it("show the member in three ways and carry a reply into the signup", async () => {
    const host = await activeMember(site, browser, "landing-host@example.com", "Lotte");
    await host.page.evaluate(() =>
      fetch("/api/profile.php", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ personal_text: "Cyclist, coffee lover." }),
      }),
    );
    await host.context.close();
    const context = await newContext(browser, { ip: US_IP, mobile: true });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);

    await site$.open(`/members/${host.id}/landing`);
    await page.getByTestId("member-landing").getByRole("heading", { level: 1, name: /Lotte/ }).waitFor();
    await page.getByText("Cyclist, coffee lover.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await site$.open(`/members/${host.id}/landing3/milf`);
    await page.getByTestId("member-landing3").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await site$.open(`/members/${host.id}/landing2`);
    await page.getByTestId("member-landing2").waitFor();
    // Rendered on the server: the reply typed at once, while the app takes the page over, is the one sent.
    expect(await page.locator("#root").getAttribute("data-ssr")).toBe("");
    await page.getByText("Cyclist, coffee lover.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.fill("[data-testid=landing-reply]", "Fancy a ride on Sunday?");
    await page.getByTestId("landing-reply-send").click();
    await page.getByTestId("signup-modal").waitFor();
    expect(await page.inputValue("#signup-message")).toBe("Fancy a ride on Sunday?");
    expect(await page.getByTestId("signup-modal").getByText("Your first message to Lotte").isVisible()).toBe(true);

    // The member's signup page: the card, and the form's message goes to them.
    await site$.open(`/members/${host.id}/signup`);
    await page.getByRole("heading", { level: 1, name: "Write to Lotte" }).waitFor();
    expect(await page.locator("#root").getAttribute("data-ssr")).toBe("");
    expect(await page.getByText("Your first message to Lotte").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A member who is gone: the page still leads to the site.
    await site$.open("/members/999999/landing");
    await page.getByTestId("member-landing-gone").waitFor();
    await context.close();
  });
});

describe("photos on a phone", () => {
  /**
   * The photos of `selector` as the phone loaded them: the address it chose from the srcset, its
   * width there, and how many device pixels wide it shows.
   */
  async function shownPhotos(page: Page, selector: string) {
    return page.locator(selector).evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        chosen: img.currentSrc,
        natural: img.naturalWidth,
        shown: Math.round(img.getBoundingClientRect().width * devicePixelRatio),
      })),
    );
  }

  it("load WebP in the width nearest above their size on the gallery lander and the home page, each once, the first one at high priority", async () => {
    for (const dpr of [1, 3]) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: dpr,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: { "x-forwarded-for": US_IP },
      });
      const page = await context.newPage();
      const types = new Map<string, string>();
      let requested: string[] = [];
      page.on("response", (res) => {
        if (new URL(res.url()).pathname.startsWith("/photos/")) types.set(res.url(), res.headers()["content-type"] ?? "");
      });
      page.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/photos/")) requested.push(new URL(req.url()).pathname);
      });
      for (const [path, selector, widths] of [
        ["/landers/gallery", "[data-testid=lander-profile] img", PHOTO_WIDTHS.main],
        ["/", "[data-testid=member-card] img", PHOTO_WIDTHS.thumb],
      ] as const) {
        requested = [];
        await page.goto(site.url + path);
        await page.locator(selector).first().waitFor();
        expect(await page.locator(selector).first().getAttribute("fetchpriority"), path).toBe("high");
        // The first screen's photos (two rows of two cards), once loaded.
        await page.waitForFunction(
          (s) => [...document.querySelectorAll<HTMLImageElement>(s)].slice(0, 4).every((i) => i.complete && i.naturalWidth > 0),
          selector,
        );
        const photos = (await shownPhotos(page, selector)).slice(0, 4);
        expect(photos, `${path} ${dpr}x`).toHaveLength(4);
        for (const { chosen, shown } of photos) {
          const asked = Number(new URL(chosen).searchParams.get("w"));
          expect([path, dpr, new URL(chosen).searchParams.get("f")]).toEqual([path, dpr, "webp"]);
          expect(types.get(chosen), chosen).toBe("image/webp");
          // The smallest width that covers the photo's device pixels (or the largest there is).
          const nearest = widths.find((w) => w >= shown) ?? widths[widths.length - 1];
          expect([path, dpr, shown, asked]).toEqual([path, dpr, shown, nearest]);
        }
        // Each photo once: the server's preload of the first one names the width its <picture> picks.
        await page.waitForLoadState("networkidle");
        expect(requested.length, path).toBeGreaterThan(0);
        expect(
          requested.filter((p, i) => requested.indexOf(p) !== i),
          `${path} ${dpr}x`,
        ).toEqual([]);
      }
      await context.close();
    }
  });
});
