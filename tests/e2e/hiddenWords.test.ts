import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { Conversation } from "./chatPages";
import { activeMember } from "./members";
import { type SiteServer, siteForFile } from "./siteServer";

// Hidden words (issue 22): a member lists a word in her settings; another member's first message
// with it lands under Hidden on her chats page, not in her inbox or its badge; she moves it back.
// Screenshots of the settings and the chats page, on a phone and a laptop, in English and Polish, go
// to HIDDEN_WORDS_SCREENSHOTS (default: a folder in the system's temp folder).

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const SHOTS = process.env.HIDDEN_WORDS_SCREENSHOTS ?? join(tmpdir(), "hidden-words-screenshots");
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function shootBoth(page: Page, name: string, target?: string) {
  for (const size of ["phone", "desktop"] as const) {
    await page.setViewportSize(SIZES[size]);
    await page.waitForTimeout(150);
    if (target) await page.getByTestId(target).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: size === "phone" && !target });
  }
}

describe("hidden words", () => {
  it("sends a new contact's message with a hidden word to the Hidden folder, out of the badge, until the member moves it back", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const anna = await activeMember(site, browser, "anna.hidden@example.com", "Anna");
    const bram = await activeMember(site, browser, "bram.hidden@example.com", "Bram", { mobile: true });

    // Anna lists a word in her settings.
    await anna.site$.open("/profile");
    const card = anna.page.getByTestId("hidden-words");
    await card.getByText("When someone you have not written to yet sends you a message").waitFor();
    await card.getByLabel("Word or phrase to hide").fill("Zodiac sign");
    await card.getByRole("button", { name: "Add" }).click();
    await card.getByTestId("hidden-words-list").getByText("Zodiac sign").waitFor();
    await card.getByText("1 of 50").waitFor();
    // An entry with no letter is refused with a reason.
    await card.getByLabel("Word or phrase to hide").fill("!!!");
    await card.getByRole("button", { name: "Add" }).click();
    await card.getByTestId("hidden-words-error").filter({ hasText: "at least one letter or digit" }).waitFor();
    await card.getByLabel("Word or phrase to hide").fill("horoscope");
    await card.getByRole("button", { name: "Add" }).click();
    await card.getByTestId("hidden-words-list").getByText("horoscope").waitFor();
    await shootBoth(anna.page, "settings-en", "hidden-words");
    expect(await seriousViolations(anna.page), "the settings").toEqual([]);

    // Bram writes to her; he sees his message delivered as usual.
    await bram.site$.open(`/members/${anna.id}/chat`);
    await bram.page.getByTestId("chat-start").waitFor();
    await new Conversation(bram.page).send("Hi Anna! What's your ZODIAC sign?");

    // Anna's inbox stays empty and her badge shows nothing; the Hidden tab holds the conversation.
    await anna.site$.open("/chats");
    const folders = anna.page.getByTestId("chat-folders");
    await folders.waitFor();
    expect(await anna.page.getByTestId("chat-hidden-count").textContent()).toBe("1");
    expect(await anna.page.getByTestId("chat-row").count()).toBe(0);
    expect(await anna.page.getByTestId("unread-badge").count()).toBe(0);
    await anna.page.getByTestId("chat-folder-hidden").click();
    const row = anna.page.getByTestId("chat-row").filter({ hasText: "Bram" });
    await row.waitFor();
    await anna.page.getByTestId("chat-hidden-intro").waitFor();
    await shootBoth(anna.page, "chats-hidden-en");
    expect(await seriousViolations(anna.page), "the Hidden tab").toEqual([]);
    // Opening it works as ever, and says where it is.
    await row.getByRole("link").click();
    await anna.page.getByTestId("chat-hidden-notice").getByText("This conversation is in your Hidden folder").waitFor();
    await new Conversation(anna.page).waitForMessage("What's your ZODIAC sign?");
    await shootBoth(anna.page, "chat-hidden-en");
    expect(await seriousViolations(anna.page), "the hidden conversation").toEqual([]);

    // The same pages in Polish.
    await anna.page.evaluate(() =>
      fetch("/api/user.php", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-request-type": "spa" },
        body: JSON.stringify({ language: "pl" }),
      }),
    );
    await anna.site$.open("/profile");
    await anna.page.getByTestId("hidden-words").getByText("Ukryte słowa").waitFor();
    await shootBoth(anna.page, "settings-pl", "hidden-words");
    await anna.site$.open("/chats?folder=hidden");
    await anna.page.getByTestId("chat-row").filter({ hasText: "Bram" }).waitFor();
    await shootBoth(anna.page, "chats-hidden-pl");

    // She moves it back: it is in the inbox, and its message counts in the badge.
    await anna.page
      .getByTestId("chat-row")
      .filter({ hasText: "Bram" })
      .getByRole("button", { name: /^Pokaż w odebranych\W+Bram$/ })
      .click();
    await anna.page.getByTestId("chat-hidden-empty").waitFor();
    await anna.page.getByRole("link", { name: "Odebrane" }).click();
    await anna.page.getByTestId("chat-row").filter({ hasText: "Bram" }).waitFor();
    expect(await anna.page.getByTestId("chat-folders").count()).toBe(0);
    // His next message, with the hidden phrase again, arrives in the inbox and counts in her badge.
    await new Conversation(bram.page).send("Zodiac sign? Mine is Leo.");
    await anna.page.getByTestId("unread-badge").filter({ hasText: "1" }).waitFor();
    expect(await anna.page.getByTestId("chat-folders").count()).toBe(0);
    await shootBoth(anna.page, "chats-inbox-pl");

    await Promise.all([anna.context.close(), bram.context.close()]);
  });
});
