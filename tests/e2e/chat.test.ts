import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeJpeg } from "../support/factories";
import { ChatList, Conversation } from "./chatPages";
import { activeMember, newMember } from "./members";
import { mailLink, siteForFile, type SiteServer } from "./siteServer";

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const credits = (page: Page) => page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number);

describe("two members chatting", () => {
  it("write, see the unread badge, read, reply, and remove the conversation", async () => {
    // New members get 20 signup credits: two messages at 10. Bella is on a phone.
    const a = await activeMember(site, browser, "anton@example.com", "Anton");
    const b = await activeMember(site, browser, "bella.chat@example.com", "Bella", { mobile: true });

    // Anton writes from Bella's profile.
    await a.site$.open(`/members/${b.id}`);
    await a.page.getByTestId("message-button").click();
    await a.page.waitForURL(new RegExp(`/members/${b.id}/chat$`));
    await a.page.getByTestId("chat-start").waitFor();
    expect(await a.page.getByTestId("chat-partner").textContent()).toContain("Bella");
    expect(await a.page.getByTestId("chat-send").textContent()).toContain("10 credits");
    const anton = new Conversation(a.page);
    const text = "Hi Bella! <b>Coffee</b>? https://example.com/cafe";
    await anton.send(text);
    expect(await anton.messages().textContent()).toContain(text);
    // Shown as plain text: no markup, and the address is no link.
    expect(await a.page.getByTestId("chat-messages").locator("b, a").count()).toBe(0);
    expect(await credits(a.page)).toBe(10);

    // Bella sees the unread badge after a reload, and the conversation in her list.
    await b.site$.open("/members");
    await b.page.getByTestId("unread-badge").filter({ hasText: "1" }).waitFor();
    await b.page.getByTestId("nav-messages").click();
    await b.page.getByTestId("chats-page").waitFor();
    const bellasList = new ChatList(b.page);
    await bellasList.row("Anton").getByTestId("chat-unread").waitFor();
    expect(await bellasList.row("Anton").textContent()).toContain("Hi Bella!");

    // Opening it shows the message and clears the badge.
    await bellasList.open("Anton");
    await b.page.waitForURL(/\/chats\/\d+$/);
    const bella = new Conversation(b.page);
    await bella.waitForMessage(text);
    expect(await b.page.getByTestId("chat-partner").textContent()).toContain("Anton");
    // The phone screen does not scroll sideways, and the send button is in reach.
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await b.page.getByTestId("chat-send").isVisible()).toBe(true);
    await bella.send("Hi Anton, gladly!", "button");
    expect(await bella.messages().count()).toBe(2);
    await b.page.getByTestId("chat-back").click();
    await b.page.getByTestId("chats-page").waitFor();
    await bellasList.row("Anton").filter({ hasText: "You: Hi Anton, gladly!" }).waitFor();
    expect(await bellasList.row("Anton").getByTestId("chat-unread").count()).toBe(0);
    expect(await b.page.getByTestId("unread-badge").count()).toBe(0);

    // Anton sees the reply, and that Bella read his message.
    await a.site$.open("/chats");
    const antonsList = new ChatList(a.page);
    await antonsList.row("Bella").filter({ hasText: "Hi Anton, gladly!" }).waitFor();
    await antonsList.open("Bella");
    await anton.waitForMessage("Hi Anton, gladly!");
    await a.page.getByTestId("chat-read").waitFor();

    // He has 10 credits left: one more message, then the credits alert. It moves the talk to another
    // app: he is asked whether he is sure first, and sends it anyway.
    const moving = "See you at 5! Or write me on WhatsApp";
    await a.page.getByTestId("chat-input").fill(moving);
    await a.page.getByTestId("chat-input").press("Enter");
    await a.page.getByTestId("chat-scam-check").waitFor();
    expect(await anton.messages().count()).toBe(2);
    await a.page.getByTestId("chat-scam-send").click();
    await anton.waitForMessage(moving);
    expect(await a.page.getByTestId("chat-scam-note").count()).toBe(0);
    await a.page.getByTestId("chat-credits-alert").getByRole("link", { name: "Buy credits" }).waitFor();
    expect(await a.page.getByTestId("chat-send").isDisabled()).toBe(true);

    // Removing takes the conversation off his list, also after a reload.
    await a.page.getByTestId("chat-back").click();
    await a.page.getByTestId("chats-page").waitFor();
    await antonsList.remove("Bella");
    await antonsList.row("Bella").waitFor({ state: "detached" });
    await a.page.getByTestId("chats-empty").waitFor();
    await a.site$.open("/chats");
    await a.page.getByTestId("chats-empty").waitFor();
    expect(await antonsList.row("Bella").count()).toBe(0);

    // Bella sees a calm note beside that message, with the safety tips one tap away.
    await b.site$.open("/chats");
    await bellasList.open("Anton");
    await bella.waitForMessage(moving);
    const note = b.page.getByTestId("chat-scam-note");
    expect(await note.count()).toBe(1);
    // On a wide screen too, the note has a line of its own under the message instead of squeezing it.
    await b.page.setViewportSize({ width: 1280, height: 800 });
    const bubble = b.page.locator(".chat-bubble").filter({ hasText: moving }).first();
    const [noteBox, bubbleBox] = [await note.boundingBox(), await bubble.boundingBox()];
    expect(noteBox?.y).toBeGreaterThanOrEqual((bubbleBox?.y ?? 0) + (bubbleBox?.height ?? 0));
    await note.getByRole("link", { name: "Safety tips" }).click();
    await b.page.waitForURL(/\/safety$/);

    await a.context.close();
    await b.context.close();
  });
});

describe("a member whose e-mail address is not confirmed", () => {
  it("is told that nobody can reply yet, can have the activation e-mail sent again, and can still write", async () => {
    const x = await newMember(site, browser, "xena@example.com", "Xena", { mobile: true });
    const y = await activeMember(site, browser, "yann@example.com", "Yann");

    await x.site$.open(`/members/${y.id}/chat`);
    const notice = x.page.getByTestId("chat-not-confirmed");
    await notice.getByText("Your e-mail address hasn't been confirmed").waitFor();
    await notice.getByRole("button", { name: "Send activation e-mail again" }).click();
    await notice.getByText("We sent you a new activation e-mail.").waitFor();
    await mailLink(site, "xena@example.com", 2);

    await new Conversation(x.page).send("Hello Yann");
    expect(await credits(x.page)).toBe(10);
    await x.context.close();
    await y.context.close();
  });
});

describe("live chat", () => {
  it("shows the partner typing and the new message without a reload, and the unread badge and title count it", async () => {
    const a = await activeMember(site, browser, "lina@example.com", "Lina");
    const b = await activeMember(site, browser, "marc@example.com", "Marc");
    // Marc is on another page of the site; Lina opens a conversation with him.
    await b.site$.open("/members");
    await a.site$.open(`/members/${b.id}/chat`);
    const lina = new Conversation(a.page);
    await lina.send("First!");
    // Marc's badge and the title count the unread message at once (no reload, long before any poll).
    await b.page.getByTestId("unread-badge").filter({ hasText: "1" }).waitFor({ timeout: 3000 });
    expect(await b.page.title()).toMatch(/^\(1\) /);

    await b.page.getByTestId("nav-messages").click();
    await new ChatList(b.page).open("Lina");
    const marc = new Conversation(b.page);
    await marc.waitForMessage("First!");
    // Lina is typing: Marc sees it; then her message arrives live.
    await a.page.getByTestId("chat-input").pressSequentially("Are you th", { delay: 30 });
    await b.page.getByTestId("typing-indicator").getByText("Lina is typing…").waitFor({ timeout: 3000 });
    await a.page.getByTestId("chat-input").fill("Are you there?");
    await a.page.getByTestId("chat-input").press("Enter");
    await marc.waitForMessage("Are you there?");
    await a.context.close();
    await b.context.close();
  });
});

describe("two members with the same conversation open", () => {
  it("fetch it a few times, not in a loop, and see each other's messages and read ticks", async () => {
    const a = await activeMember(site, browser, "olga@example.com", "Olga");
    const b = await activeMember(site, browser, "piet@example.com", "Piet", { mobile: true });
    await a.site$.open(`/members/${b.id}/chat`);
    const olga = new Conversation(a.page);
    await olga.send("Are you online?");
    await b.site$.open(`/members/${a.id}/chat`);
    const piet = new Conversation(b.page);
    await piet.waitForMessage("Are you online?");
    await a.page.getByTestId("chat-read").waitFor();

    const loads = { a: 0, b: 0 };
    const count = (who: "a" | "b") => (request: { url(): string; method(): string }) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/chat.php") loads[who] += 1;
    };
    a.page.on("request", count("a"));
    b.page.on("request", count("b"));
    await piet.send("Yes!");
    await olga.waitForMessage("Yes!");
    await b.page.getByTestId("chat-read").waitFor();
    await new Promise((r) => setTimeout(r, 10_000));
    // Olga reloads once for Piet's message; Piet's read tick arrives without a reload.
    expect(loads.a).toBeLessThanOrEqual(2);
    expect(loads.b).toBeLessThanOrEqual(2);
    await a.context.close();
    await b.context.close();
  });
});

describe("gifts", () => {
  it("opens the gift catalogue from the profile's gift button, says when the credits do not suffice, and offers icebreakers", async () => {
    const a = await activeMember(site, browser, "gina@example.com", "Gina");
    const b = await activeMember(site, browser, "hugo@example.com", "Hugo");
    await a.site$.open(`/members/${b.id}`);
    await a.page.getByTestId("gift-button").click();
    await a.page.waitForURL(new RegExp(`/members/${b.id}/chat\\?gift=1$`));
    const picker = a.page.getByTestId("gift-picker");
    await picker.getByText("A gift for Hugo").waitFor();
    // New members have 20 credits; a gift costs 30.
    await picker.getByText("You do not have enough credits").waitFor();
    expect(await picker.getByTestId("gift-rose").isDisabled()).toBe(true);
    await picker.getByRole("button", { name: "Close" }).click();
    await picker.waitFor({ state: "detached" });

    // No message yet: an icebreaker fills the text box, in the member's language.
    await a.page.getByTestId("icebreaker-open").click();
    await a.page.getByTestId("icebreaker-modal").getByText("What is the best trip you have ever made?").click();
    expect(await a.page.getByTestId("chat-input").inputValue()).toBe("What is the best trip you have ever made?");
    await a.context.close();
    await b.context.close();
  });
});

describe("photos in chat", () => {
  it("sends a photo for the photo price; the partner sees it live and can open it whole", async () => {
    const a = await activeMember(site, browser, "paula@example.com", "Paula", { mobile: true });
    const b = await activeMember(site, browser, "quentin@example.com", "Quentin");
    await b.site$.open(`/members/${a.id}/chat`);
    await a.site$.open(`/members/${b.id}/chat`);
    // 20 signup credits; a photo costs 20 on the demo site.
    expect(await a.page.getByTestId("chat-photo-button").getAttribute("title")).toBe("Send a photo (20 credits)");
    await a.page
      .getByTestId("chat-photo-input")
      .setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 800, height: 600 }) });
    const own = a.page.getByTestId("chat-photo");
    await own.waitFor();
    expect(await own.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await credits(a.page)).toBe(0);

    // Quentin had the conversation open: the photo arrives without a reload, and opens whole.
    const theirs = b.page.getByTestId("chat-photo");
    await theirs.waitFor({ timeout: 5000 });
    await theirs.click();
    const whole = b.page.getByRole("dialog").locator("img");
    await whole.waitFor();
    await b.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".modal img");
      return Boolean(img?.complete && img.naturalWidth === 800);
    });

    // Without credits, another photo is refused before anything is uploaded.
    await a.page.getByTestId("chat-photo-input").setInputFiles({ name: "two.jpg", mimeType: "image/jpeg", buffer: await makeJpeg() });
    await a.page.getByTestId("chat-credits-alert").getByText("You do not have enough credits").waitFor();
    await a.context.close();
    await b.context.close();
  });
});
