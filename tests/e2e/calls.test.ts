import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { activeMember, buyCredits } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// Video and voice calls (issue 22) between two Chromium contexts with Chromium's fake camera (a moving
// test picture) and microphone (a beep), and no permission prompt: real WebRTC on this machine.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started), {
  browserArgs: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
});

/** Where screenshots of the call screens go, when asked for (CALL_SCREENSHOTS=folder). */
const shots = process.env.CALL_SCREENSHOTS;

/** The other side's picture plays on this page: it has a size, and its time moves on. */
async function expectRemotePicture(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>("[data-testid=call-remote-video]");
    return video !== null && video.videoWidth > 0 && video.currentTime > 0;
  });
  const before = await page.getByTestId("call-remote-video").evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>("[data-testid=call-remote-video]")?.currentTime ?? 0) > t + 0.5, before);
}

describe("calls", () => {
  it("a premium member video-calls a match: it rings, is accepted, media flows both ways, and the call's entry shows in both chats", async () => {
    const caller = await activeMember(site, browser, "carla.caller@example.com", "Carla");
    const callee = await activeMember(site, browser, "cal.callee@example.com", "Cal", { mobile: true });
    await buyCredits(caller.page, caller.site$);
    await caller.page.evaluate(async (to) => {
      await fetch("/api/chat.php", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ to, text: "Shall we talk face to face?" }),
      });
    }, callee.id);
    await callee.site$.open(`/members/${caller.id}/chat`);
    await caller.site$.open(`/members/${callee.id}/chat`);

    await caller.page.getByTestId("call-video").click();
    await caller.page.getByTestId("call-screen").waitFor();
    expect(await caller.page.getByTestId("call-state").textContent()).toBe("Calling Cal…");
    const incoming = callee.page.getByTestId("call-incoming");
    await incoming.waitFor({ timeout: 5000 });
    await incoming.getByText("Carla is video calling you…").waitFor();
    if (shots) {
      await callee.page.screenshot({ path: `${shots}/incoming-390-en.png` });
      await caller.page.setViewportSize({ width: 1280, height: 800 });
      await caller.page.screenshot({ path: `${shots}/calling-1280-en.png` });
    }

    await callee.page.getByTestId("call-accept").click();
    await callee.page.getByTestId("call-screen").waitFor();
    // Both sides see the call connected (media arriving, by the connection's statistics), and each
    // other's moving picture.
    for (const page of [caller.page, callee.page]) {
      await page.waitForFunction(() => document.querySelector("[data-testid=call-state]")?.getAttribute("data-connection") === "connected", undefined, {
        timeout: 15_000,
      });
      expect(await page.getByTestId("call-state").textContent()).toMatch(/^Connected · 0:\d\d$/);
    }
    await Promise.all([expectRemotePicture(caller.page), expectRemotePicture(callee.page)]);
    if (shots) {
      await callee.page.screenshot({ path: `${shots}/call-390-en.png` });
      await caller.page.screenshot({ path: `${shots}/call-1280-en.png` });
    }

    // Mute and camera off switch on the member's own side.
    await callee.page.getByTestId("call-mute").click();
    expect(await callee.page.getByTestId("call-mute").getAttribute("aria-pressed")).toBe("true");
    expect(await callee.page.getByTestId("call-mute").getAttribute("aria-label")).toBe("Unmute");
    await callee.page.getByTestId("call-camera").click();
    expect(await callee.page.getByTestId("call-camera").getAttribute("aria-label")).toBe("Turn camera on");
    // The camera and microphone to choose from, once the browser has listed its devices (asked for
    // when the choice opens: enumerateDevices answers later).
    await caller.page.getByTestId("call-devices").click();
    await expect.poll(() => caller.page.getByTestId("call-video-device").locator("option").count()).toBeGreaterThan(0);
    await expect.poll(() => caller.page.getByTestId("call-audio-device").locator("option").count()).toBeGreaterThan(0);

    // Either side ends it: both screens close and the call's entry comes into both chats.
    await callee.page.getByTestId("call-end").click();
    await callee.page.getByTestId("call-screen").waitFor({ state: "detached" });
    await caller.page.getByTestId("call-screen").waitFor({ state: "detached", timeout: 5000 });
    await caller.page.getByTestId("call-notice").getByText("The call has ended.").waitFor();
    await caller.page.getByTestId("call-notice").getByRole("button", { name: "Close" }).click();
    for (const page of [caller.page, callee.page]) {
      const entry = page.getByTestId("chat-call");
      await entry.waitFor({ timeout: 5000 });
      expect(await entry.getAttribute("data-outcome")).toBe("ended");
      expect(await entry.textContent()).toMatch(/^Video call.*· 0:\d\d$/);
    }
    // And after a reload.
    await callee.page.reload();
    expect(await callee.page.getByTestId("chat-call").getAttribute("data-outcome")).toBe("ended");

    // A voice call the callee declines: the caller is told, and both chats say so.
    await caller.page.getByTestId("call-voice").click();
    await callee.page.getByTestId("call-incoming").getByText("Carla is calling you…").waitFor({ timeout: 5000 });
    await callee.page.getByTestId("call-decline").click();
    await caller.page.getByTestId("call-notice").getByText("Cal declined the call.").waitFor({ timeout: 5000 });
    for (const page of [caller.page, callee.page]) {
      await page.locator("[data-testid=chat-call][data-outcome=declined]").waitFor({ timeout: 5000 });
    }
    expect(await callee.page.locator("[data-testid=chat-call][data-outcome=declined]").textContent()).toBe("Voice callDeclined");

    if (shots) {
      // The same screens in German.
      await caller.page.getByTestId("call-notice").getByRole("button", { name: "Close" }).click();
      for (const member of [caller, callee]) {
        // Without the US address: the demo site's main country, Switzerland, offers German.
        await member.context.setExtraHTTPHeaders({});
        await member.page.evaluate(async () => {
          await fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "de" }) });
        });
        await member.site$.open(`/members/${member === caller ? callee.id : caller.id}/chat`);
        await member.page.waitForFunction(() => document.documentElement.lang === "de");
      }
      await caller.page.getByTestId("call-video").click();
      await callee.page.getByTestId("call-incoming").waitFor({ timeout: 5000 });
      await callee.page.screenshot({ path: `${shots}/incoming-390-de.png` });
      await callee.page.getByTestId("call-accept").click();
      await caller.page.waitForFunction(() => document.querySelector("[data-testid=call-state]")?.getAttribute("data-connection") === "connected", undefined, {
        timeout: 15_000,
      });
      await expectRemotePicture(callee.page);
      await callee.page.screenshot({ path: `${shots}/call-390-de.png` });
      await caller.page.screenshot({ path: `${shots}/call-1280-de.png` });
      await callee.page.setViewportSize({ width: 1280, height: 800 });
      await caller.page.setViewportSize({ width: 390, height: 844 });
      await caller.page.screenshot({ path: `${shots}/call-390-de-caller.png` });
      await callee.page.screenshot({ path: `${shots}/call-1280-de-callee.png` });
      await caller.page.getByTestId("call-end").click();
      await callee.page.getByTestId("call-notice").waitFor();
      await callee.page.screenshot({ path: `${shots}/ended-1280-de.png` });
    }
    await caller.context.close();
    await callee.context.close();
  }, 180_000);
});
