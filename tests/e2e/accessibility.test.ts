import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember } from "./members";
import { siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

// WCAG 2.2 AA (issue 18): axe finds nothing serious or critical on any page, logged out and logged
// in, on a phone and on a desktop; login takes a pasted password; the swipe game has buttons.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const VISITOR_PAGES = [
  "/",
  "/login",
  "/signup",
  "/members",
  "/reset-password",
  "/pricing",
  "/pages/terms",
  "/pages/privacy",
  "/pages/faq",
  "/complaints",
  "/match-finder",
  "/landers/tinderswipe",
  "/no-such-page",
];

/** Every violation on `paths`, as "size path: rule (nodes)". */
async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
  const site$ = new SitePage(page, site.url);
  const found: string[] = [];
  for (const path of paths) {
    await site$.open(path);
    await page.waitForLoadState("networkidle").catch(() => {});
    for (const v of await seriousViolations(page)) found.push(`${page.viewportSize()?.width} ${path}: ${v.id} (${v.nodes.join(", ")})`);
  }
  return found;
}

describe("WCAG 2.2 AA", () => {
  it("has no serious or critical violation on any page, logged out and logged in, on a phone and a desktop", async () => {
    // A member with a conversation of their own (their own bubbles and times), a like and a purchase page.
    const member = await activeMember(site, browser, "ally@example.com", "Ally");
    const ids = await member.page.evaluate(async () => {
      const { profiles } = await (await fetch("/api/members.php")).json();
      const to = (profiles as Array<{ id: number }>)[0].id;
      const sent = await (
        await fetch("/api/chat.php", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ to, text: "Hello, how are you?" }),
        })
      ).json();
      return { member: to, conversation: sent.message.conversation as number };
    });
    const memberPages = [
      "/",
      "/members",
      `/members/${ids.member}`,
      "/chats",
      `/chats/${ids.conversation}`,
      "/likes",
      "/likes/sent",
      "/likes/matches",
      "/credits",
      "/credits/1",
      "/transactions",
      "/profile",
      "/notifications",
      "/swipe-game",
      "/match-finder",
      "/premium",
      "/pages/terms",
    ];
    const cookies = await member.context.cookies();
    await member.context.close();

    // The phone and the desktop side by side: most of a page's time is waiting for the network to go quiet.
    const onSize = async (size: (typeof SIZES)[number]): Promise<string[]> => {
      const found: string[] = [];
      const mobile = size.width < 800;
      const visitor = await newContext(browser, { ip: US_IP, mobile });
      const visitorPage = await visitor.newPage();
      await visitorPage.setViewportSize(size);
      found.push(...(await violationsOn(visitorPage, VISITOR_PAGES)));
      await visitor.close();

      const context = await newContext(browser, { ip: US_IP, mobile });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.setViewportSize(size);
      found.push(...(await violationsOn(page, memberPages)));
      await context.close();
      return found;
    };
    expect((await Promise.all(SIZES.map(onSize))).flat()).toEqual([]);
  }, 600_000);

  it("lets a password manager or a paste fill the login, and the swipe game be played with buttons", async () => {
    const context = await newContext(browser, { ip: US_IP, mobile: true });
    const page = await context.newPage();
    await new SitePage(page, site.url).open("/login");
    const password = page.locator("#login-password");
    expect(await password.getAttribute("autocomplete")).toBe("current-password");
    expect(await page.locator("#login-email").getAttribute("autocomplete")).toBe("email");
    const pasteAllowed = await password.evaluate((input) => {
      const data = new DataTransfer();
      data.setData("text/plain", "pasted-secret");
      const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
      return input.dispatchEvent(event);
    });
    expect(pasteAllowed).toBe(true);
    await context.close();

    const { page: player, site$, context: playing } = await activeMember(site, browser, "sam@example.com", "Sam", { mobile: true });
    await site$.open("/swipe-game");
    for (const button of ["swipe-pass", "swipe-like"]) {
      const box = await player.getByTestId(button).boundingBox();
      expect(box && box.width >= 24 && box.height >= 24).toBe(true);
      // Named for screen readers (a visually hidden text: pass or like, with the member's name).
      expect((await player.getByTestId(button).textContent())?.trim()).toBeTruthy();
    }
    const first = await player.getByTestId("swipe-card").locator("img").getAttribute("alt");
    await player.getByTestId("swipe-pass").click();
    await player.waitForFunction((name) => document.querySelector("[data-testid=swipe-card] img")?.getAttribute("alt") !== name, first);
    await playing.close();
  });
});

describe("by keyboard alone", () => {
  it("signs up, searches, likes, opens a chat, sends a message and buys credits with the test provider", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const tabTo = async (selector: string) => {
      // A step's part may still be loading (its chunk): Tab through the page once it is there.
      await page.locator(selector).first().waitFor();
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
      }
      throw new Error(`${selector} cannot be reached with Tab`);
    };
    const wizardAt = (step: number) => page.locator(`[data-testid=signup-wizard][data-step="${step}"]`).waitFor();

    // Sign up: the form, then the steps (skipped where they may be).
    await new SitePage(page, site.url).open("/signup");
    await tabTo("#signup-email");
    await page.keyboard.type("keyboard@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kim");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim-secret-1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("04121990");
    await page.keyboard.press("Enter");
    await wizardAt(1);
    await tabTo("[data-testid=signup-skip]");
    await page.keyboard.press("Enter");
    await wizardAt(2);
    await tabTo("[data-testid=signup-skip]");
    await page.keyboard.press("Enter");
    await wizardAt(3);
    await tabTo("#signup-gender");
    await page.keyboard.press("ArrowDown");
    await tabTo("#signup-sexuality");
    await page.keyboard.press("ArrowDown");
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await wizardAt(4);
    await tabTo("#profile-country");
    await page.keyboard.type("Netherlands");
    await tabTo("#profile-region");
    await page.keyboard.type("Utrecht");
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await wizardAt(5);
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await page.getByTestId("complete-signup").waitFor();

    // Search from the top bar, and open the first member found.
    await tabTo("header a[href='/members']");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/members/);
    await tabTo("[data-testid=search-submit]");
    await page.keyboard.press("Enter");
    await page.getByTestId("member-card").first().waitFor();
    await tabTo("[data-testid=search-results] a[href^='/members/']");
    await page.keyboard.press("Enter");
    await page.getByTestId("member-profile").waitFor();

    // Like, then write.
    await tabTo("[data-testid=like-button]");
    await page.keyboard.press("Enter");
    await page.locator("[data-testid=like-button][aria-pressed=true]").waitFor();
    await tabTo("[data-testid=message-button]");
    await page.keyboard.press("Enter");
    await page.getByTestId("chat-input").waitFor();
    await tabTo("[data-testid=chat-input]");
    await page.keyboard.type("Hello from the keyboard!");
    await page.keyboard.press("Enter");
    await page.getByTestId("chat-message").getByText("Hello from the keyboard!").waitFor();
    // Sent and paid for: the balance went down.
    await expect.poll(() => page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number)).toBeLessThan(20);

    // Buy credits: back from the chat, the balance in the top bar, a bundle, a method, the provider's page.
    await tabTo(".chat-back");
    await page.keyboard.press("Enter");
    await tabTo("[data-testid=nav-credits]");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/credits$/);
    await tabTo("[data-testid=buy-20]");
    await page.keyboard.press("Enter");
    await page.getByTestId("payment-page").waitFor();
    // Radio buttons: Tab reaches the group, the arrow keys choose within it.
    await tabTo("input[type=radio]");
    for (let i = 0; i < 12 && !(await page.evaluate(() => document.activeElement?.matches("[data-testid=method-paypal]"))); i++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await page.waitForURL(/\/credits\/\d+\/paypal$/);
    await tabTo("[data-testid=pay-button]");
    await page.keyboard.press("Enter");
    await page.getByTestId("test-provider-checkout").waitFor();
    await tabTo("[data-testid=test-provider-paid]");
    await page.keyboard.press("Enter");
    await page.getByTestId("payment-completed").waitFor();
    const user = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user as { credits: number; paid_user: boolean });
    expect(user.paid_user).toBe(true);
    await context.close();
  }, 180_000);
});
