import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeJpeg } from "../support/factories";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { Conversation } from "./chatPages";
import { addOperator, consoleIn } from "./consolePages";
import { activeMember } from "./members";
import { ProfileEditor } from "./membersPages";
import { newDataDir, type SiteServer, siteForFile, US_IP } from "./siteServer";

// Share my date (issue 22): a member shares a date from a conversation; a friend, in a browser of
// their own and without an account, opens the link and sees it; the member revokes it, and the link
// then says it no longer works. Screenshots of the form and the page, on a phone and a laptop, in
// English and German, go to SHARE_DATE_SCREENSHOTS (default: a folder in the system's temp folder).

let site: SiteServer;
let browser: Browser;
const MODERATOR = { email: "moderator@staff.example", password: "a moderator's console passphrase" };
// A moderator approves the other member's photo (new photos wait for a check on this site).
siteForFile((started) => ({ site, browser } = started), {
  env: () => {
    const dataDir = newDataDir();
    expect(addOperator(dataDir, { ...MODERATOR, role: "moderator" })).toContain(MODERATOR.email);
    return { DATA_DIR: dataDir };
  },
});

const SHOTS = process.env.SHARE_DATE_SCREENSHOTS ?? join(tmpdir(), "share-date-screenshots");
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** The date-and-time field's value for a day ahead at 19:30 on the browser's clock. */
const tomorrowEvening = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T19:30`;
  });

async function shoot(page: Page, name: string, size: keyof typeof SIZES) {
  await page.setViewportSize(SIZES[size]);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: size === "phone" });
}

describe("Share my date", () => {
  it("shares a date from a conversation with a friend, who sees it until the member revokes it", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const a = await activeMember(site, browser, "sofie.date@example.com", "Sofie", { mobile: true });
    const b = await activeMember(site, browser, "jonas.date@example.com", "Jonas");
    await b.site$.open("/profile");
    await new ProfileEditor(b.page).uploadPhoto(await makeJpeg({ width: 600, height: 750, color: "#3a7bd5" }));
    const { context: staff, console$ } = await consoleIn(browser, site.url, { mobile: false, language: "en" });
    await console$.open("/console/photos");
    await console$.signIn(MODERATOR.email, MODERATOR.password);
    await console$.page.getByTestId("queued-photo").filter({ hasText: "Jonas" }).getByRole("button", { name: "Approve" }).click();
    await console$.page.getByText("No photos waiting.").waitFor();
    await staff.close();

    // Sofie writes to Jonas; the conversation's header offers Share my date.
    await a.site$.open(`/members/${b.id}/chat`);
    await a.page.getByTestId("chat-start").waitFor();
    await new Conversation(a.page).send("Coffee on Saturday?");
    await a.page.getByTestId("share-date").click();
    const modal = a.page.getByTestId("share-date-modal");
    await modal.getByTestId("share-date-form").waitFor();
    expect(await modal.textContent()).toContain("No active links for this conversation.");

    await modal.getByLabel("Place").fill("Café Olympia, Kanaalstraat 12, Utrecht");
    await modal.getByLabel("Date and time").fill(await tomorrowEvening(a.page));
    await modal.getByLabel("Note for your friend (optional)").fill("Call me at ten if you haven't heard from me.");
    // The time as the member's own language writes it, and her time zone.
    await modal
      .getByTestId("share-date-when-preview")
      .filter({ hasText: /7:30\s?PM/ })
      .waitFor();
    expect(await seriousViolations(a.page), "the form").toEqual([]);
    for (const size of ["phone", "desktop"] as const) await shoot(a.page, "form-en", size);
    await a.page.setViewportSize(SIZES.phone);

    // Her phone has a share sheet (Web Share): it is offered beside copying (headless Chromium has none, so it is played here).
    await a.page.evaluate(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    await modal.getByTestId("share-date-create").click();
    await modal.getByTestId("share-date-created").waitFor();
    const url = await modal.getByTestId("share-date-link").inputValue();
    await shoot(a.page, "created-en", "phone");
    expect(url).toMatch(new RegExp(`^${site.url}/date/[A-Za-z0-9_-]{22}$`));
    await modal.getByTestId("share-date-share").click();
    await a.page.waitForFunction(() => "shared" in window);
    expect(await a.page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title: "A shared date",
      text: "This is where and when I'm meeting Jonas.",
      url,
    });
    // Copying puts the link on the clipboard.
    await a.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
    await modal.getByTestId("share-date-copy").click();
    await modal.getByText("Link copied").waitFor();
    expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await modal.getByTestId("share-date-item").waitFor();
    expect(await modal.getByTestId("share-date-item").textContent()).toContain("Café Olympia");

    // A friend opens the link in a browser of their own, in German, without an account.
    const friendContext = await newContext(browser, { ip: US_IP, locale: "de-DE", mobile: true });
    await friendContext.addCookies([{ name: "locale", value: "de", url: site.url }]);
    const friend = await friendContext.newPage();
    const path = new URL(url).pathname;
    const first = await friend.goto(site.url + path);
    expect(first?.status()).toBe(200);
    expect(await friend.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const page = friend.getByTestId("date-share-page");
    await page.getByTestId("date-share-partner").getByRole("img", { name: "Foto von Jonas" }).waitFor();
    expect(await page.getByTestId("date-share-partner").textContent()).toContain("Jonas");
    // The photo has loaded (it is served to whoever holds the link, while it works).
    expect(
      await page.getByRole("img", { name: "Foto von Jonas" }).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId("date-share-place").textContent()).toBe("Café Olympia, Kanaalstraat 12, Utrecht");
    expect(await page.getByTestId("date-share-note").textContent()).toBe("Call me at ten if you haven't heard from me.");
    // In the friend's language: German weekday and 24-hour time.
    expect(await page.getByTestId("date-share-when").textContent()).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag).*19:30/);
    expect(await friend.getByRole("heading", { level: 1 }).textContent()).toBe("Das Date von Sofie");
    // No visit cookie for the friend.
    expect((await friendContext.cookies()).filter((c) => c.name === "visit")).toEqual([]);
    expect(await seriousViolations(friend), "the page").toEqual([]);
    for (const size of ["phone", "desktop"] as const) await shoot(friend, "page-de", size);

    // The same link in English, on a laptop.
    const enContext = await newContext(browser, { ip: US_IP, locale: "en-US" });
    const en = await enContext.newPage();
    await en.goto(site.url + path);
    await en.getByTestId("date-share-partner").waitFor();
    expect(await en.getByTestId("date-share-when").textContent()).toMatch(/7:30\s?PM/);
    for (const size of ["phone", "desktop"] as const) await shoot(en, "page-en", size);

    // Sofie revokes the link.
    await modal.getByTestId("share-date-revoke").click();
    await modal.getByText("The link was revoked and no longer works.").waitFor();
    await modal.getByText("No active links for this conversation.").waitFor();

    // The friend's link now says it no longer works, with 410.
    const again = await friend.goto(site.url + path);
    expect(again?.status()).toBe(410);
    await friend.getByTestId("date-share-gone").waitFor();
    expect(await friend.getByTestId("date-share-gone").textContent()).toContain("Dieser Link funktioniert nicht mehr");
    expect(await friend.getByTestId("date-share-partner").count()).toBe(0);
    await shoot(friend, "gone-de", "phone");

    // The form in German, on both sizes: Sofie switches her language.
    await a.page.evaluate(() =>
      fetch("/api/user.php", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-request-type": "spa" },
        body: JSON.stringify({ language: "de" }),
      }),
    );
    await a.page.reload();
    await a.page.getByTestId("share-date").click();
    const deModal = a.page.getByTestId("share-date-modal");
    await deModal.getByText("Keine aktiven Links für dieses Gespräch.").waitFor();
    await deModal.getByLabel("Ort").fill("Café Olympia, Kanaalstraat 12, Utrecht");
    await deModal.getByLabel("Datum und Uhrzeit").fill(await tomorrowEvening(a.page));
    await deModal.getByTestId("share-date-when-preview").filter({ hasText: "19:30" }).waitFor();
    for (const size of ["phone", "desktop"] as const) await shoot(a.page, "form-de", size);

    await Promise.all([friendContext.close(), enContext.close(), a.context.close(), b.context.close()]);
  });
});
