import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHAT_PAGE_SIZE } from "../../src/common/constants";
import { activeMember, buyCredits } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// A conversation on a 390×844 phone (issue 18): the messages get most of the screen, older ones load
// on request without moving what the member reads, and a button jumps back to the newest.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

/** Whether the element lies wholly inside the scrolling list's visible part. */
const inView = (page: Page, text: string) =>
  page.evaluate((body) => {
    const list = document.querySelector("[data-testid=chat-messages]") as HTMLElement;
    const bubble = [...list.querySelectorAll("[data-testid=chat-message]")].find((m) => m.textContent?.includes(body));
    if (!bubble) return false;
    const a = list.getBoundingClientRect();
    const b = bubble.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  }, text);

describe("a conversation on a phone", () => {
  it("gives the messages room, loads older ones in place, and jumps back to the newest", async () => {
    const writer = await activeMember(site, browser, "wanda.writer@example.com", "Wanda");
    const reader = await activeMember(site, browser, "rita.reader@example.com", "Rita", { mobile: true });
    await buyCredits(writer.page, writer.site$);
    const sent = await writer.page.evaluate(async (to) => {
      let count = 0;
      for (let i = 1; i <= 40; i++) {
        const res = await fetch("/api/chat.php", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ to, text: `Message ${i}. How was your day?` }),
        });
        if (!res.ok) break;
        count = i;
      }
      return count;
    }, reader.id);
    expect(sent).toBeGreaterThan(CHAT_PAGE_SIZE);

    const { page, site$ } = reader;
    await site$.open(`/members/${writer.id}/chat`);
    const messages = page.getByTestId("chat-message");
    await page.getByText(`Message ${sent}.`).waitFor();
    expect(await messages.count()).toBe(CHAT_PAGE_SIZE);

    // At least half of the 844 px are messages, with the box to write in below them.
    const list = await page.getByTestId("chat-messages").boundingBox();
    expect(list?.height).toBeGreaterThanOrEqual(844 / 2);
    const box = await page.getByTestId("chat-input").boundingBox();
    expect(box && list && box.y >= list.y + list.height - 1 && box.y + box.height <= 844).toBe(true);
    expect(await inView(page, `Message ${sent}.`)).toBe(true);

    // Scrolled up, a button leads back to the newest.
    expect(await page.getByTestId("chat-jump-newest").count()).toBe(0);
    await page.getByTestId("chat-messages").evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.getByTestId("chat-jump-newest").waitFor();

    // Older messages come in above, and the one read before stays where it was.
    const oldestShown = `Message ${sent - CHAT_PAGE_SIZE + 1}.`;
    expect(await inView(page, oldestShown)).toBe(true);
    const before = await page.getByText(oldestShown).boundingBox();
    await page.getByTestId("chat-load-older").click();
    await page.getByText("Message 1.", { exact: false }).first().waitFor();
    expect(await messages.count()).toBe(sent);
    const after = await page.getByText(oldestShown).boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(60);
    // All loaded: no button for more.
    expect(await page.getByTestId("chat-load-older").count()).toBe(0);

    await page.getByTestId("chat-jump-newest").click();
    await page.waitForFunction(() => {
      const el = document.querySelector("[data-testid=chat-messages]") as HTMLElement;
      return el.scrollHeight - el.scrollTop - el.clientHeight < 2;
    });
    expect(await inView(page, `Message ${sent}.`)).toBe(true);
    await page.getByTestId("chat-jump-newest").waitFor({ state: "detached" });
    await writer.context.close();
    await reader.context.close();
  });
});
