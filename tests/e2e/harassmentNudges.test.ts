import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { Conversation } from "./chatPages";
import { activeMember } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// Harassment nudges (issue 22): Leo's first message to Mia looks insulting; he is asked "Are you
// sure?", sends it anyway; Mia, who has not written yet, is asked "Does this bother you?" on it and
// reports it in one tap (the report dialog opens with the reason chosen). His next one, in German, she
// answers "No, it's fine", in Polish. Screenshots on a phone and a laptop, in English, German and
// Polish, go to HARASSMENT_NUDGES_SCREENSHOTS (default: a folder in the system's temp folder).

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const SHOTS = process.env.HARASSMENT_NUDGES_SCREENSHOTS ?? join(tmpdir(), "harassment-nudges-screenshots");
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function shootBoth(page: Page, name: string, target: string) {
  for (const size of ["phone", "desktop"] as const) {
    await page.setViewportSize(SIZES[size]);
    await page.waitForTimeout(200);
    await page.getByTestId(target).last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`) });
  }
}

const setLanguage = (page: Page, language: string) =>
  page.evaluate(
    (language) =>
      fetch("/api/user.php", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-request-type": "spa" },
        body: JSON.stringify({ language }),
      }),
    language,
  );

describe("harassment nudges", () => {
  it("asks the sender before an insulting first message, and the recipient whether it bothers her, with a one-tap report", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const leo = await activeMember(site, browser, "leo.nudge@example.com", "Leo");
    const mia = await activeMember(site, browser, "mia.nudge@example.com", "Mia", { mobile: true });
    await mia.site$.open(`/members/${leo.id}/chat`);
    await leo.site$.open(`/members/${mia.id}/chat`);
    await leo.page.getByTestId("chat-start").waitFor();

    // Leo is asked before his message goes; editing keeps it in the box, unsent.
    const rude = "Hey slut, nice pics";
    await leo.page.getByTestId("chat-input").fill(rude);
    await leo.page.getByTestId("chat-input").press("Enter");
    const check = leo.page.getByTestId("chat-harassment-check");
    await check.getByText("Are you sure you want to send this?").waitFor();
    await check.getByText("Your message may come across as insulting or sexual, and Mia hasn't replied yet.", { exact: false }).waitFor();
    expect(await leo.page.getByTestId("chat-message").count()).toBe(0);
    await shootBoth(leo.page, "sender-check-en", "chat-harassment-check");
    expect(await seriousViolations(leo.page), "the sender's question").toEqual([]);
    await check.getByRole("button", { name: "Edit" }).click();
    await check.waitFor({ state: "detached" });
    expect(await leo.page.getByTestId("chat-input").inputValue()).toBe(rude);
    // He sends it anyway.
    await leo.page.getByTestId("chat-input").press("Enter");
    await check.getByRole("button", { name: "Send anyway" }).click();
    await new Conversation(leo.page).waitForMessage(rude);
    // The sender never sees the recipient's question.
    expect(await leo.page.getByTestId("chat-nudge").count()).toBe(0);

    // Mia had the conversation open: the message arrives live with the question.
    const nudge = mia.page.getByTestId("chat-nudge");
    await nudge.getByText("Does this bother you?").waitFor({ timeout: 5000 });
    await shootBoth(mia.page, "recipient-nudge-en", "chat-nudge");
    expect(await seriousViolations(mia.page), "the recipient's question").toEqual([]);
    // It is still asked after a reload.
    await mia.page.reload();
    await nudge.getByText("Does this bother you?").waitFor();

    // One tap on "Report": the dialog opens with the reason chosen and the message attached; she sends it.
    await nudge.getByTestId("chat-nudge-report").click();
    const dialog = mia.page.getByRole("dialog");
    await dialog.getByText("Report this message from Leo").waitFor();
    expect(await dialog.getByLabel("Harassment or insults").isChecked()).toBe(true);
    await shootBoth(mia.page, "recipient-report-en", "report-form");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByTestId("report-sent").waitFor();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await nudge.waitFor({ state: "detached" });
    await mia.page.reload();
    await new Conversation(mia.page).waitForMessage(rude);
    expect(await nudge.count()).toBe(0);

    // Leo, in German, is asked in German, and sends his next one anyway: Mia still has not written.
    await setLanguage(leo.page, "de");
    await leo.page.reload();
    await leo.page.getByTestId("chat-input").fill("Na, du Schlampe?");
    await leo.page.getByTestId("chat-input").press("Enter");
    await check.getByText("Möchtest du das wirklich senden?").waitFor();
    await check.getByText("Deine Nachricht könnte beleidigend oder anzüglich wirken", { exact: false }).waitFor();
    await shootBoth(leo.page, "sender-check-de", "chat-harassment-check");
    await check.getByRole("button", { name: "Trotzdem senden" }).click();
    await new Conversation(leo.page).waitForMessage("Na, du Schlampe?");

    // Mia, in Polish, answers "No, it's fine": the question goes, and stays gone after a reload.
    await setLanguage(mia.page, "pl");
    await mia.page.reload();
    await nudge.getByText("Czy to Ci przeszkadza?").waitFor({ timeout: 5000 });
    expect(await nudge.count()).toBe(1);
    await shootBoth(mia.page, "recipient-nudge-pl", "chat-nudge");
    await nudge.getByRole("button", { name: "Nie, jest w porządku" }).click();
    await nudge.waitFor({ state: "detached" });
    await mia.page.reload();
    await new Conversation(mia.page).waitForMessage("Na, du Schlampe?");
    expect(await nudge.count()).toBe(0);

    await Promise.all([leo.context.close(), mia.context.close()]);
  });
});
