import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { cspViolations, launchBrowser } from "./browser";
import { addOperator, consoleIn as consoleInBrowser } from "./consolePages";
import { makeJpeg } from "../support/factories";
import { activeMember } from "./members";
import { ProfileEditor } from "./membersPages";
import { newDataDir, type SiteServer, startSite } from "./siteServer";

// Photo verification: a member with an approved photo asks to be verified, is shown a pose, sends a
// selfie through the file input; a moderator compares it in the console and approves it; the badge
// then shows on the member's card in a verified-only search and on the profile.

const MODERATOR = { email: "moderator@staff.example", password: "a console passphrase for verification" };
const SHOTS = process.env.VERIFICATION_SCREENSHOTS ?? join(tmpdir(), "verification-screenshots");

let site: SiteServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // The operator command runs on the site's data folder before the site starts (PGlite has one user).
  dataDir = newDataDir();
  expect(addOperator(dataDir, { ...MODERATOR, role: "moderator" })).toContain(`(moderator).`);
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir }), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const consoleIn = (options: { mobile: boolean; language: string }) => consoleInBrowser(browser, site.url, options);

/** A moderator approves the member's waiting photo in the console (pre-moderation, the demo site's rule). */
async function approvePhotoOf(name: string): Promise<void> {
  const { context, console$ } = await consoleIn({ mobile: false, language: "en" });
  await console$.open("/console/photos");
  await console$.signIn(MODERATOR.email, MODERATOR.password);
  await console$.page.getByTestId("queued-photo").filter({ hasText: name }).getByRole("button", { name: "Approve" }).click();
  await console$.page.getByText("No photos waiting.").waitFor();
  await context.close();
}

/** Screenshots of a member's page at phone and desktop width, in German and English (the member's language, as the site keeps it). */
async function shots(page: Page, name: string, testId: string, part = "verification-card"): Promise<void> {
  for (const language of ["de", "en"]) {
    const saved = await page.evaluate(
      async (lng) =>
        (
          await fetch("/api/user.php", {
            method: "PUT",
            headers: { "content-type": "application/json", "x-request-type": "spa" },
            body: JSON.stringify({ language: lng }),
          })
        ).status,
      language,
    );
    expect(saved).toBe(200);
    for (const [device, size] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
      await page.getByTestId(testId).waitFor();
      await page.screenshot({ path: join(SHOTS, `${name}-${device}-${language}.png`), fullPage: true });
      await page.getByTestId(part).screenshot({ path: join(SHOTS, `${name}-part-${device}-${language}.png`) });
    }
  }
}

describe("photo verification", () => {
  it("takes a selfie in the pose asked to a moderator, whose approval puts the badge on the member's card and profile", async () => {
    const vera = await activeMember(site, browser, "vera@example.com", "Vera");
    const ines = await activeMember(site, browser, "ines@example.com", "Ines", { mobile: true });

    // Without an approved photo the card says what is missing.
    await vera.site$.open("/profile");
    const card = vera.page.getByTestId("verification-card");
    await card.getByText("You need at least one approved profile photo before you can get verified.").waitFor();
    await new ProfileEditor(vera.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#c0392b" }));
    const photoId = await vera.page.evaluate(async () => (await (await fetch("/api/profile.php")).json()).photos[0].id as string);

    await approvePhotoOf("Vera");

    await vera.site$.open("/profile");
    await card.getByRole("button", { name: "Get verified" }).click();
    const pose = card.getByTestId("verification-pose");
    await pose.waitFor();
    const poseId = await pose.getAttribute("data-pose");
    expect(poseId).toMatch(/^[a-z_]+$/);
    expect(await seriousViolations(vera.page), "the pose and the selfie").toEqual([]);
    await shots(vera.page, "member-pose", "verification-pose");
    await vera.page.setViewportSize({ width: 390, height: 844 });

    await card.getByTestId("selfie-file").setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 720, height: 960 }) });
    await card.getByTestId("selfie-preview").waitFor();
    await card.getByTestId("selfie-send").click();
    await card.getByTestId("verification-state-pending").getByText("Thank you! A moderator is checking your selfie.", { exact: false }).waitFor();
    await shots(vera.page, "member-pending", "verification-state-pending");

    // The moderator's queue, phone and desktop, German and English; then the approval.
    for (const [language, mobile] of [
      ["de", true],
      ["de", false],
      ["en", true],
      ["en", false],
    ] as const) {
      const { context, console$ } = await consoleIn({ mobile, language });
      if (!mobile) await console$.page.setViewportSize({ width: 1280, height: 800 });
      await console$.open("/console/verifications");
      await console$.signIn(MODERATOR.email, MODERATOR.password);
      const queued = console$.page.getByTestId("queued-verification").filter({ hasText: "Vera" });
      await queued.locator(`img[src*="/api/console/verifications/"]`).waitFor();
      await queued.getByTestId("queued-verification-photos").locator(`img[src*="${photoId}"]`).waitFor();
      expect(await queued.getByTestId("queued-verification-pose").textContent()).toContain(language === "de" ? "Verlangte Pose" : "Pose asked");
      await console$.page
        .getByTestId("verification-queue-waiting")
        .getByText(language === "de" ? "Wartend: 1" : "Waiting: 1")
        .waitFor();
      expect(await seriousViolations(console$.page), `verification queue ${language}`).toEqual([]);
      await console$.page.screenshot({ path: join(SHOTS, `console-queue-${mobile ? "phone" : "desktop"}-${language}.png`), fullPage: true });
      if (language === "en" && !mobile) {
        await queued.getByRole("button", { name: "Approve" }).click();
        await console$.page.getByText("No verifications waiting.").waitFor();
      }
      await context.close();
    }

    // Vera's card says so; Ines finds her with the verified-only filter, with the badge, and on her page.
    await vera.site$.open("/profile");
    await card.getByTestId("verification-state-verified").waitFor();
    await shots(vera.page, "member-verified", "verification-state-verified");
    await vera.site$.open("/members?verified=1");
    await shots(vera.page, "search-filters", "members-page", "members-page");
    await vera.context.close();

    await ines.site$.open("/members");
    // Her first search (from her own settings) is shown before she changes it; on her phone the filters fold away behind a button.
    await ines.page.getByTestId("member-card").first().waitFor();
    await ines.page.getByRole("button", { name: "Filters" }).click();
    // She chooses once the panel has opened, as she sees it. While it slides open, its content is
    // clipped, and Playwright scrolled the clipped box itself to reach the switch, which then slid
    // back down under the pointer between press and release (on a loaded machine): the click was lost.
    await ines.page.locator("#search-filters.show").waitFor();
    await ines.page.getByRole("checkbox", { name: "Verified members only" }).check();
    await ines.page.getByTestId("search-submit").click();
    await ines.page.waitForURL((url) => url.searchParams.get("verified") === "1");
    const found = ines.page.getByTestId("member-card").filter({ hasText: "Vera" });
    await found.getByRole("img", { name: "Verified photos" }).waitFor();
    // The unfiltered results make way for the one verified member (no similar members either: none other is verified).
    await expect.poll(() => ines.page.getByTestId("member-card").count(), { timeout: 10_000 }).toBe(1);
    await ines.page.screenshot({ path: join(SHOTS, "search-verified-phone-en.png"), fullPage: true });
    await found.click();
    await ines.page.getByTestId("member-profile").getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified photos" }).waitFor();
    expect(await seriousViolations(ines.page), "a verified member's page").toEqual([]);
    await ines.page.screenshot({ path: join(SHOTS, "profile-verified-phone-en.png") });
    await ines.context.close();
  }, 180_000);

  it("takes the selfie with the camera in the browser (allowed on the site's own pages); a rejection tells the member why", async () => {
    // Chromium's fake camera (a moving test pattern), with the permission granted as a member would.
    const withCamera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
    });
    try {
      const max = await activeMember(site, withCamera, "max@example.com", "Max", { mobile: true });
      await max.context.grantPermissions(["camera"], { origin: site.url });
      await max.site$.open("/profile");
      await new ProfileEditor(max.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#2e86de" }));
      await approvePhotoOf("Max");
      await max.site$.open("/profile");
      const card = max.page.getByTestId("verification-card");
      await card.getByRole("button", { name: "Get verified" }).click();
      await card.getByTestId("verification-pose").waitFor();
      await card.getByRole("button", { name: "Use camera" }).click();
      const take = card.getByRole("button", { name: "Take selfie" });
      await expect.poll(() => take.isEnabled()).toBe(true);
      await card.screenshot({ path: join(SHOTS, "member-camera-card-phone-en.png") });
      await take.click();
      await card.getByTestId("selfie-preview").waitFor();
      await card.getByTestId("selfie-send").click();
      await card.getByTestId("verification-state-pending").waitFor();

      const { context, console$ } = await consoleIn({ mobile: false, language: "en" });
      await console$.open("/console/verifications");
      await console$.signIn(MODERATOR.email, MODERATOR.password);
      const selfie = console$.page.getByTestId("queued-verification").filter({ hasText: "Max" }).getByRole("img", { name: "Selfie of Max" });
      await selfie.waitFor();
      // The frame taken from the camera arrived as a picture of the camera's size.
      await expect.poll(() => selfie.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
      // A test pattern shows no face: rejected, with the reason.
      const queued = console$.page.getByTestId("queued-verification").filter({ hasText: "Max" });
      await queued.getByRole("combobox", { name: "Reason for rejecting" }).selectOption("face_not_visible");
      await queued.getByRole("button", { name: "Reject" }).click();
      await console$.page.getByText("No verifications waiting.").waitFor();
      await context.close();

      await max.site$.open("/profile");
      await card
        .getByTestId("verification-state-rejected")
        .getByText("Your verification was not approved. Your face cannot be seen clearly in the selfie. You can try again with a new pose.")
        .waitFor();
      await card.getByRole("button", { name: "Try again" }).waitFor();
      expect(await seriousViolations(max.page), "a rejected verification").toEqual([]);
      await shots(max.page, "member-rejected", "verification-state-rejected");
      await max.context.close();
    } finally {
      await withCamera.close();
    }
  }, 120_000);
});
