import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ChatList } from "./chatPages";
import { activeMember } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// Chromium's fake microphone (a beep a second) and no permission prompt: a real recording by MediaRecorder.
let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started), {
  browserArgs: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
});

const credits = (page: Page) => page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number);
const elapsedSeconds = async (page: Page) => {
  const text = (await page.getByTestId("chat-voice-elapsed").textContent()) ?? "";
  const [minutes, seconds] = text.split("/")[0].trim().split(":").map(Number);
  return minutes * 60 + seconds;
};

describe("voice messages", () => {
  it("one member records and sends a voice message for the photo price; the other gets it live, plays it and answers by holding the microphone", async () => {
    const a = await activeMember(site, browser, "vera.voice@example.com", "Vera");
    const b = await activeMember(site, browser, "ville.voice@example.com", "Ville", { mobile: true });
    await b.site$.open(`/members/${a.id}/chat`);
    await a.site$.open(`/members/${b.id}/chat`);
    // 20 signup credits; a voice message costs what a photo does, 20 on the demo site.
    expect(await a.page.getByTestId("chat-voice-button").getAttribute("title")).toBe("Record a voice message (20 credits)");

    // A recording that is cancelled sends and charges nothing.
    await a.page.getByTestId("chat-voice-button").click();
    await a.page.getByTestId("chat-voice-recording").waitFor();
    expect(await a.page.getByTestId("chat-input").count()).toBe(0);
    await a.page.getByTestId("chat-voice-cancel").click();
    await a.page.getByTestId("chat-input").waitFor();
    expect(await a.page.getByTestId("chat-voice").count()).toBe(0);
    expect(await credits(a.page)).toBe(20);

    // Recorded for a little over two seconds, by the running clock, then sent.
    await a.page.getByTestId("chat-voice-button").click();
    await a.page.getByTestId("chat-voice-recording").waitFor();
    await a.page.waitForFunction(() => /^0:0[2-9]/.test(document.querySelector('[data-testid="chat-voice-elapsed"]')?.textContent ?? ""));
    expect(await elapsedSeconds(a.page)).toBeGreaterThanOrEqual(2);
    expect(await a.page.getByTestId("chat-voice-elapsed").textContent()).toContain("/ 2:00");
    await a.page.getByTestId("chat-voice-send").click();
    const own = a.page.getByTestId("chat-voice");
    await own.waitFor();
    await a.page.getByTestId("chat-input").waitFor();
    expect(await credits(a.page)).toBe(0);
    // The length the server read from the recording itself.
    const length = (await own.getByTestId("chat-voice-time").textContent()) ?? "";
    expect(length).toMatch(/^0:0[2-4]$/);

    // Ville had the conversation open: it arrives without a reload, and plays.
    const theirs = b.page.getByTestId("chat-voice");
    await theirs.waitFor({ timeout: 5000 });
    await theirs.getByRole("progressbar", { name: "Voice message from Vera" }).waitFor();
    expect(await theirs.getByTestId("chat-voice-time").textContent()).toBe(length);
    await theirs.getByTestId("chat-voice-play").click();
    await theirs.getByRole("button", { name: "Pause" }).waitFor();
    await b.page.waitForFunction(() => Number(document.querySelector('[data-testid="chat-voice-progress"]')?.getAttribute("data-position")) > 500);
    expect(await theirs.getByTestId("chat-voice-time").textContent()).toMatch(new RegExp(`^0:0\\d / ${length}$`));
    // It plays to the end, and is ready to play again.
    await theirs.getByRole("button", { name: "Play" }).waitFor({ timeout: 10_000 });
    expect(await theirs.getByTestId("chat-voice-time").textContent()).toBe(length);

    // Ville answers by holding the microphone down for two seconds: it records while held and sends when let go.
    const mic = await b.page.getByTestId("chat-voice-button").boundingBox();
    if (!mic) throw new Error("no microphone button");
    await b.page.mouse.move(mic.x + mic.width / 2, mic.y + mic.height / 2);
    await b.page.mouse.down();
    await b.page.getByTestId("chat-voice-recording").waitFor();
    await b.page.waitForFunction(() => /^0:0[2-9]/.test(document.querySelector('[data-testid="chat-voice-elapsed"]')?.textContent ?? ""));
    await b.page.mouse.up();
    await b.page.getByTestId("chat-voice").nth(1).waitFor();
    await b.page.getByTestId("chat-input").waitFor();
    expect(await credits(b.page)).toBe(0);
    await a.page.getByTestId("chat-voice").nth(1).waitFor({ timeout: 5000 });

    // The conversation list says what it was.
    await b.page.getByTestId("chat-back").click();
    await new ChatList(b.page).row("Vera").filter({ hasText: "You: Voice message" }).waitFor();

    // Without credits, another recording is refused before it starts.
    await a.page.getByTestId("chat-voice-button").click();
    await a.page.getByTestId("chat-credits-alert").getByText("You do not have enough credits").waitFor();
    expect(await a.page.getByTestId("chat-voice-recording").count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });
});
