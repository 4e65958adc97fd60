import sharp from "sharp";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { ProfileEditor, SwipeGame, signUpInPage } from "./membersPages";
import { mailLink, siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

// A US address: no entry warning to click away.

async function newMember(email: string, mobile = false) {
  const context = await newContext(browser, { ip: US_IP, mobile });
  const page = await context.newPage();
  const site$ = new SitePage(page, site.url);
  await site$.open("/");
  await signUpInPage(page, { email, name: email.split("@")[0] });
  return { context, page, site$ };
}

describe("own profile", () => {
  it("asks for a photo until the member adds one, and saves the profile fields", async () => {
    const { page, site$ } = await newMember("anna@example.com");
    // Confirmed: the activation reminder, more important, no longer takes the banner's place.
    const link = await mailLink(site, "anna@example.com");
    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("activate-done").waitFor();
    await site$.open("/members");
    await page.getByTestId("profile-photo-alert").getByRole("link").click();
    await page.getByTestId("profile-page").waitFor();

    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 90, b: 120 } } })
      .jpeg()
      .toBuffer();
    const editor = new ProfileEditor(page);
    await editor.uploadPhoto(jpeg);
    await page.getByTestId("photo-input").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await page.getByText("This file is not a photo").waitFor();

    await page.fill("#profile-city", "Chicago");
    await page.getByRole("button", { name: "Music" }).click();
    await editor.save();
    const saved = await page.evaluate(async () => (await (await fetch("/api/profile.php")).json()).profile);
    expect(saved.city).toBe("Chicago");
    expect(saved.interests).toEqual(["music"]);

    await site$.open("/members");
    await page.getByTestId("search-results").waitFor();
    expect(await page.getByTestId("profile-photo-alert").count()).toBe(0);
  });
});

describe("a member's first page", () => {
  it("shows with what its HTML brought: no waiting for the member, the settings or the photo notices, the lead photo first", async () => {
    const { context, page } = await newMember("first.page@example.com", true);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
    });
    const app = ["/api/user.php", "/api/settings.php", "/api/photo-notices.php"];
    // Whether a page's spinner showed before the page: the home renders the search at once.
    await page.addInitScript(() => {
      const seen = { spinner: false };
      Object.assign(window, { pageSpinnerSeen: seen });
      new MutationObserver(() => {
        seen.spinner ||= document.querySelector('[data-testid="page-spinner"]') !== null;
      }).observe(document, { childList: true, subtree: true });
    });

    await page.goto(`${site.url}/`);
    await page.getByTestId("search-results").waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { pageSpinnerSeen: { spinner: boolean } }).pageSpinnerSeen.spinner),
      "a spinner before the home",
    ).toBe(false);
    expect(
      asked.filter((path) => app.includes(path)),
      "asked for before the home showed",
    ).toEqual([]);
    // Matches or, when none match, similar members: the grid that opens the page loads its first photo first.
    await page.getByTestId("member-card").first().waitFor();
    expect(await page.getByTestId("member-card").locator("img").first().getAttribute("fetchpriority")).toBe("high");
    // On a phone the filters are folded away, and rendered when first unfolded.
    expect(await page.locator("#search-gender").count()).toBe(0);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.locator("#search-gender").waitFor();

    asked.length = 0;
    await page.goto(`${site.url}/chats`);
    await page.getByTestId("chats-page").waitFor();
    expect(
      asked.filter((path) => app.includes(path)),
      "asked for before the conversations showed",
    ).toEqual([]);
    // Nor the conversations again as the page mounts: the page brought them.
    await page.waitForLoadState("networkidle");
    expect(asked.filter((path) => path === "/api/chats.php")).toEqual([]);
    // Nor the company the footer names: the page brought it too.
    expect(asked.filter((path) => path === "/api/companyinfo.php")).toEqual([]);

    // A campaign's link to the home (utm_*) is still the member's own search (the page brings it; what
    // is asked again at mount is that search, not one without filters).
    asked.length = 0;
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/members.php") searches.push(url.searchParams.get("defaults") === "1" ? "own" : "other");
    });
    await page.goto(`${site.url}/?utm_source=newsletter`);
    await page.getByTestId("search-results").waitFor();
    expect(
      asked.filter((path) => app.includes(path)),
      "asked for before a campaign's link showed",
    ).toEqual([]);
    await page.waitForLoadState("networkidle");
    // Not even the member's own search again: the page brought it a moment ago.
    expect(searches, "searches asked for by the home that brought its own").toEqual([]);
    await context.close();
  });

  it("comes rendered from the server and the app takes it over as it is: the banner this browser dismissed stays away, times in the member's own zone", async () => {
    // A phone far east of the server's zone (UTC+14): a message's time differs there from the server's.
    const timezoneId = "Pacific/Kiritimati";
    const context = await newContext(browser, { ip: US_IP, mobile: true, timezoneId });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/");
    await signUpInPage(page, { email: "taken.over@example.com", name: "taken.over" });
    const link = await mailLink(site, "taken.over@example.com");
    await page.goto(site.url + link.pathname + link.search);
    await page.getByTestId("activate-done").waitFor();
    // Without a photo the member is asked for one; they close the reminder (the browser keeps that).
    await site$.open("/members");
    await page.getByTestId("profile-photo-alert").getByRole("button", { name: "Close" }).click();
    await page.getByTestId("member-card").first().waitFor();
    const to = Number((await page.getByTestId("member-card").first().locator("xpath=ancestor::a").getAttribute("href"))?.split("/").pop());
    const sent = await page.evaluate(
      async (to) =>
        (
          await fetch("/api/chat.php", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to, text: "Kia ora" }) })
        ).json(),
      to,
    );
    const at = new Date(sent.message.created_at);

    // The HTML itself (no script run): the conversations, the reminder left out, the time left to the browser.
    const html = await (await context.request.get(`${site.url}/chats`)).text();
    expect(html).toMatch(/data-testid="chat-row".*Kia ora/s);
    expect(html).not.toContain('data-testid="profile-photo-alert"');
    expect(html).toMatch(/<time datetime="[^"]+" class="[^"]*"><\/time>/);

    // From the parsed HTML on: what the app changes under <main> and in the footer, and the server's row and card kept to compare.
    await page.addInitScript(() => {
      const changes: string[] = [];
      Object.assign(window, { takeOver: { changes } });
      document.addEventListener("readystatechange", () => {
        if (document.readyState !== "interactive") return;
        const main = document.querySelector("main");
        Object.assign(window, {
          takeOver: { changes, row: document.querySelector('[data-testid="chat-row"]'), card: document.querySelector('[data-testid="member-card"]') },
        });
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === "characterData") changes.push(`text ${record.oldValue} -> ${record.target.textContent}`);
            for (const node of record.removedNodes) changes.push(`removed ${node.nodeName} ${node.textContent?.slice(0, 40)}`);
          }
        });
        for (const part of [main ?? document, document.querySelector("footer")]) {
          if (part) observer.observe(part, { subtree: true, childList: true, characterData: true, characterDataOldValue: true });
        }
      });
    });
    type TakeOver = { takeOver: { changes: string[]; row?: Element | null; card?: Element | null } };
    await page.goto(`${site.url}/chats`);
    const time = page.getByTestId("chat-row").locator("time");
    // Written by the app once it has the page, in the browser's zone.
    const local = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezoneId }).format(at);
    await expect.poll(() => time.textContent()).toBe(local);
    expect(await page.evaluate(() => (window as unknown as TakeOver).takeOver.row === document.querySelector('[data-testid="chat-row"]'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as TakeOver).takeOver.changes)).toEqual([]);
    expect(await page.getByTestId("profile-photo-alert").count()).toBe(0);
    // A tap before the app stands on the page is held, and done by the app once it does: the row leads
    // to the conversation (the app's main chunk held back until the tap).
    const held: (() => void)[] = [];
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await new Promise<void>((go) => held.push(go));
      await route.continue();
    });
    // (The page's load waits for the app's scripts: not waited for.)
    await page.goto(`${site.url}/chats`, { waitUntil: "commit" });
    await page.getByTestId("chat-row").getByRole("link").click();
    expect(new URL(page.url()).pathname).toBe("/chats");
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const go of held) go();
    await page.waitForURL(/\/chats\/\d+$/);
    await page.getByTestId("chat-partner").waitFor();
    await page.unrouteAll();

    // The search: the server's cards are the page's, and the filters open (the app has it).
    await page.goto(`${site.url}/members`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as TakeOver).takeOver.card === document.querySelector('[data-testid="member-card"]'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as TakeOver).takeOver.changes)).toEqual([]);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.locator("#search-gender").waitFor();
    await context.close();
  });

  it("says so where the app cannot start on the server's page, and its button reloads the page", async () => {
    const { context, page } = await newMember("no.start@example.com", true);
    // The page's language cannot be loaded: the app shows its error instead of the page.
    await page.route(/\/assets\/en-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${site.url}/members`, { waitUntil: "commit" });
    await page.getByText("An error occured, please try again later.").waitFor();
    // Not held by the server's page's entry (visitor.ts), which waits for the app to stand on the page.
    await page.unrouteAll();
    const reloaded = page.waitForEvent("framenavigated");
    await page.getByRole("button", { name: "↻" }).click();
    await reloaded;
    await page.getByTestId("search-results").waitFor();
    await expect.poll(() => page.getByText("An error occured, please try again later.").count()).toBe(0);
    await context.close();
  });

  it("shows before the filters' and the menus' code has come, and offers them the moment it has", async () => {
    const { context, page } = await newMember("later.code@example.com");
    // Both chunks held back until the page has shown and the member has reached for them.
    const held: (() => void)[] = [];
    await page.route(/\/assets\/(SearchFilterFields|TopBarMenus)-[\w-]+\.js$/, async (route) => {
      await new Promise<void>((go) => held.push(go));
      await route.continue();
    });
    await page.goto(`${site.url}/`);
    await page.getByTestId("search-results").waitFor();
    // On a wide screen the filters' place is kept while their fields load.
    const placeholder = page.getByTestId("search-filters-loading");
    await placeholder.waitFor();
    expect((await placeholder.boundingBox())?.height).toBeGreaterThan(100);
    // The account button works before its menu has loaded: pressed, the menu opens once it has.
    await page.getByTestId("account-dropdown").click();
    expect(await page.getByTestId("logout").count()).toBe(0);
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
    for (const go of held) go();
    await page.getByTestId("logout").waitFor();
    await page.getByTestId("search-filters").getByLabel("Looking for").waitFor();
    expect(await placeholder.count()).toBe(0);
    // The menu works as before: logging out leads to the visitor's home.
    await page.getByTestId("logout").click();
    await page.getByTestId("visitor-home").waitFor();
    await context.close();
  });
});

describe("search, profile and likes", () => {
  it("keeps the filters in the address, opens a profile, likes it and finds it under sent likes", async () => {
    const { page, site$ } = await newMember("ben@example.com");
    // The member's first search (their own settings) answers only after they have chosen a filter:
    // the answer fills the form, and must not take back what they chose (it did, under load in CI).
    let ownGender = "";
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      page.route(
        (url) => url.pathname === "/api/members.php" && url.searchParams.get("defaults") === "1",
        async (route) => {
          const response = await route.fetch();
          ownGender = ((await response.json()) as { filters?: { gender?: string } }).filters?.gender ?? "";
          await new Promise<void>((go) => {
            release = go;
            resolve();
          });
          await route.fulfill({ response });
        },
        { times: 1 },
      );
    });
    // From another page: a first page of /members brings the member's own search with its HTML, and asks for none.
    await site$.open("/likes");
    await page.getByTestId("likes-page").waitFor();
    await page.getByRole("link", { name: "Search", exact: true }).click();
    await answered;
    const chosen = ownGender === "female" ? "male" : "female";
    await page.selectOption("#search-gender", chosen);
    release();
    await page.getByTestId("search-total").waitFor();
    expect(await page.inputValue("#search-gender")).toBe(chosen);
    await page.selectOption("#search-gender", "female");
    await page.getByTestId("search-submit").click();
    await page.waitForURL(/gender=female/);
    await page.getByTestId("search-total").waitFor();

    await page.getByTestId("member-card").first().click();
    await page.getByTestId("member-profile").waitFor();
    const name = (await page.locator("h1").first().textContent())?.split(",")[0];
    await page.getByTestId("like-button").click();
    await page.waitForFunction(() => document.querySelector("[data-testid=like-button]")?.getAttribute("aria-pressed") === "true");

    await site$.open("/likes/sent");
    await page.getByTestId("likes-tab-sent").waitFor();
    await page
      .getByTestId("likes-page")
      .getByRole("link", { name: new RegExp(`^${name}`) })
      .waitFor();
    await site$.open("/likes/nonsense");
    await page.getByTestId("error-page").waitFor();
  });

  it("leads from the match finder to the full search with the same filters", async () => {
    const { page, site$ } = await newMember("cleo@example.com", true);
    await site$.open("/match-finder");
    await page.getByText("Women", { exact: true }).click();
    for (let step = 0; step < 4; step++) await page.getByTestId("match-finder-next").click();
    await page.getByTestId("match-finder-results").waitFor();
    await page.getByTestId("match-finder-full-search").click();
    await page.waitForURL(/\/members\?/);
    await page.getByTestId("members-page").waitFor();
    expect(new URL(page.url()).searchParams.get("gender")).toBe("female");
  });
});

describe("swipe game", () => {
  it("likes with the right arrow until the day's 4 likes are used, then only passing goes on", async () => {
    const { page, site$ } = await newMember("dora@example.com");
    await site$.open("/swipe-game");
    await page.getByTestId("swipe-card").waitFor();
    const game = new SwipeGame(page);
    // The likes' answers are held until all four are sent, then come: each says how many likes the
    // server had left when it counted that like, and none may give back a like already used (the
    // limit went away and came back as they arrived, and failed this journey in a clean-clone run).
    const answers: (() => void)[] = [];
    const swipes = (url: URL) => url.pathname === "/api/swipe.php";
    await page.route(swipes, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      await new Promise<void>((go) => answers.push(go));
      await route.fulfill({ response });
    });
    for (let i = 0; i < 4; i++) await game.press("ArrowRight");
    await page.getByTestId("swipe-limit").getByText("You have used your 4 likes for today").waitFor();
    await expect.poll(() => answers.length).toBe(4);
    for (const answer of answers) {
      answer();
      await page.waitForTimeout(50);
      expect(await page.getByTestId("swipe-like").isDisabled()).toBe(true);
    }
    await page.unroute(swipes);
    expect(await page.getByTestId("swipe-limit").count()).toBe(1);

    const before = await game.topCardName();
    await game.press("ArrowLeft");
    expect(await game.topCardName()).not.toBe(before);
  });
});
