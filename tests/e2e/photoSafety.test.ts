import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeJpeg } from "../support/factories";
import { activeMember } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// Photo safety: the site scores photos with the tests' marker classifier (PHOTO_CLASSIFIER=marker, set
// by runSite), which finds a magenta image explicit; no nude image and no model are needed here.
let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

describe("a flagged photo in chat", () => {
  it("reaches its recipient blurred, with view, block and report; viewing it shows the photo, which then opens whole", async () => {
    const a = await activeMember(site, browser, "fenna.flag@example.com", "Fenna", { mobile: true });
    const b = await activeMember(site, browser, "gustav.flag@example.com", "Gustav");
    await b.site$.open(`/members/${a.id}/chat`);
    await a.site$.open(`/members/${b.id}/chat`);
    await a.page
      .getByTestId("chat-photo-input")
      .setInputFiles({ name: "flagged.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 800, height: 600, color: "#ff00ff" }) });
    // The sender sees their photo, and that Gustav gets it blurred.
    await a.page.getByTestId("chat-photo").waitFor();
    expect(await a.page.getByTestId("chat-photo-flagged-own").textContent()).toBe("Gustav sees this photo blurred: it may contain nudity.");

    // Gustav had the conversation open: it arrives live, blurred, and says why.
    const flagged = b.page.getByTestId("chat-photo-flagged");
    await flagged.waitFor({ timeout: 5000 });
    expect(await b.page.getByTestId("chat-photo").count()).toBe(0);
    expect(await flagged.textContent()).toContain("This photo may contain nudity.");
    expect(await flagged.locator("img").evaluate((img) => getComputedStyle(img).filter)).toMatch(/blur\(\d+px\)/);
    await flagged.getByRole("button", { name: "View photo" }).waitFor();
    await flagged.getByTestId("block-button").waitFor();
    // Report opens the report of this one message: one report button for it, the cover's.
    const row = b.page.getByTestId("chat-message").filter({ has: flagged });
    expect(await row.getByTestId("report-message").count()).toBe(1);
    await flagged.getByTestId("report-message").click();
    await b.page.getByRole("dialog").getByText("What is wrong?").waitFor();
    await b.page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await b.page.getByRole("dialog").waitFor({ state: "detached" });

    // After a reload it is still blurred (the flag is stored with the message); View shows it.
    await b.page.reload();
    await b.page.getByTestId("chat-photo-flagged").waitFor();
    await b.page.getByTestId("chat-photo-view").click();
    const photo = b.page.getByTestId("chat-photo");
    await photo.waitFor();
    expect(await b.page.getByTestId("chat-photo-flagged").count()).toBe(0);
    expect(await photo.locator("img").evaluate((img) => getComputedStyle(img).filter)).toBe("none");
    // Viewed, it is reported like any other message.
    expect(await b.page.getByTestId("chat-message").filter({ has: photo }).getByTestId("report-message").count()).toBe(1);
    await photo.click();
    await b.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".modal img");
      return Boolean(img?.complete && img.naturalWidth === 800);
    });
    await a.context.close();
    await b.context.close();
  });
});
