import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { signUpInPage } from "./membersPages";
import { mailLink, siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

/** A member who signed up and followed the activation link, so that others can find them. */
async function activeMember(email: string, name: string) {
  const context = await newContext(browser, { ip: US_IP });
  const page = await context.newPage();
  const site$ = new SitePage(page, site.url);
  await site$.open("/");
  await signUpInPage(page, { email, name });
  const link = await mailLink(site, email);
  await page.goto(site.url + link.pathname + link.search);
  await page.getByTestId("activate-done").waitFor();
  const id = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.id as number);
  return { context, page, site$, id };
}

async function openMember(page: Page, site$: SitePage, id: number) {
  await site$.open(`/members/${id}`);
  await page.getByTestId("member-profile").waitFor();
}

describe("two members who like each other", () => {
  it("see the like arrive as new, and the match in the matches tab", async () => {
    const a = await activeMember("amir@example.com", "Amir");
    const b = await activeMember("bella@example.com", "Bella");

    await openMember(a.page, a.site$, b.id);
    await a.page.getByTestId("like-button").click();
    await a.page.waitForFunction(() => document.querySelector("[data-testid=like-button]")?.getAttribute("aria-pressed") === "true");

    await b.site$.open("/likes/received");
    const card = b.page.getByTestId("likes-page").getByRole("link", { name: /^Amir/ });
    await card.waitFor();
    await card.click();
    await b.page.getByTestId("member-profile").waitFor();
    await b.page.getByTestId("like-button").click();
    await b.page.getByTestId("match-alert").waitFor();

    await b.site$.open("/likes/matches");
    await b.page.getByTestId("likes-page").getByRole("link", { name: /^Amir/ }).waitFor();
    await a.site$.open("/likes/matches");
    await a.page
      .getByTestId("likes-page")
      .getByRole("link", { name: /^Bella/ })
      .waitFor();
    await a.context.close();
    await b.context.close();
  });
});

describe("blocking", () => {
  it("makes a member vanish from search, and tells them they are blocked", async () => {
    const a = await activeMember("carl@example.com", "Carl");
    const b = await activeMember("dana@example.com", "Dana");
    const idsInSearch = (page: Page) =>
      page.evaluate(async () => ((await (await fetch("/api/members.php")).json()).profiles as Array<{ id: number }>).map((p) => p.id));
    expect(await idsInSearch(a.page)).toContain(b.id);

    await openMember(a.page, a.site$, b.id);
    await a.page.getByTestId("block-button").click();
    await a.page.getByTestId("confirm-button").click();
    await a.page.getByTestId("blocked-notice").waitFor();

    await a.site$.open("/members");
    await a.page.getByTestId("search-results").waitFor();
    expect(await idsInSearch(a.page)).not.toContain(b.id);
    expect(await idsInSearch(b.page)).not.toContain(a.id);
    await b.site$.open(`/members/${a.id}`);
    await b.page.getByText("You're blocked by Carl. You do not have access to this page.").waitFor();
    await a.context.close();
    await b.context.close();
  });
});

describe("a free member", () => {
  it("sees the photos beyond the free ones blurred and locked, and cannot fetch the originals", async () => {
    const { page, site$, context } = await activeMember("eve@example.com", "Eve");
    // A demo member with four photos.
    const target = await page.evaluate(async () => {
      const { profiles } = await (await fetch("/api/members.php")).json();
      for (const p of profiles as Array<{ id: number }>) {
        const view = await (await fetch(`/api/member.php?id=${p.id}`)).json();
        if (view.photos.length >= 4) return view as { profile: { id: number }; photos: Array<{ id: string; locked: boolean; url: string }> };
      }
      return null;
    });
    expect(target).not.toBeNull();
    if (!target) return;
    await openMember(page, site$, target.profile.id);
    expect(await page.getByTestId("locked-photo").count()).toBe(0);
    await page.locator(".member-thumb").nth(2).click();
    await page.getByTestId("locked-photo").getByRole("link", { name: "Get Premium" }).waitFor();
    expect(await page.locator(".member-main-photo img").getAttribute("src")).toContain("_blur.jpg");
    const locked = target.photos.filter((p) => p.locked);
    expect(locked.length).toBe(target.photos.length - 2);
    for (const photo of locked) {
      expect(photo.url).toContain("_blur.jpg");
      const original = await page.evaluate(async (url) => (await fetch(url)).status, photo.url.replace("_blur.jpg", ".jpg"));
      expect(original).toBe(404);
    }
    await context.close();
  });

  it("can have three photos, and is told so at the fourth", async () => {
    const { page, site$, context } = await activeMember("fay@example.com", "Fay");
    await site$.open("/profile");
    await page.getByTestId("profile-page").waitFor();
    const { default: sharp } = await import("sharp");
    for (let i = 0; i < 4; i++) {
      const jpeg = await sharp({ create: { width: 500, height: 600, channels: 3, background: { r: 40 * i, g: 120, b: 160 } } })
        .jpeg()
        .toBuffer();
      await page.getByTestId("photo-input").setInputFiles({ name: `me${i}.jpg`, mimeType: "image/jpeg", buffer: jpeg });
      if (i < 3) await page.getByTestId("own-photo").nth(i).waitFor();
    }
    await page.getByText("Free members can have at most 3 photos. Become premium to upload up to 25.").waitFor();
    expect(await page.getByTestId("own-photo").count()).toBe(3);
    await context.close();
  });
});

describe("search", () => {
  it("pages through results with load more", async () => {
    const { page, site$, context } = await activeMember("gus@example.com", "Gus");
    await site$.open("/members");
    await page.getByTestId("search-results").waitFor();
    const first = await page.getByTestId("member-card").count();
    expect(first).toBe(24);
    await page.getByTestId("load-more").click();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=member-card]").length > n, first);
    const ids = await page.locator("[data-testid=search-results] a[href^='/members/']").evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(new Set(ids).size).toBe(ids.length);
    await context.close();
  });
});

describe("the automatic like", () => {
  it("shows 'New like!' after t seconds, and its button opens the liker's profile", async () => {
    const { page, site$, context } = await activeMember("hanna@example.com", "Hanna");
    await site$.open("/members?t=1");
    const modal = page.getByTestId("like-modal");
    await modal.getByText("New like!").waitFor({ timeout: 15_000 });
    const liker = await page.evaluate(async () => (await (await fetch("/api/likes.php")).json()).liked_by as Array<{ id: number; like_new: boolean }>);
    expect(liker).toHaveLength(1);
    expect(liker[0].like_new).toBe(true);
    await page.getByTestId("like-modal-open").click();
    await page.waitForURL(new RegExp(`/members/${liker[0].id}$`));
    await page.getByTestId("member-profile").waitFor();
    await context.close();
  });
});
