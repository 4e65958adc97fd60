import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./browser";
import { activeMember } from "./members";
import { seriousViolations } from "./axe";
import { mailLink, siteForFile, type SiteServer } from "./siteServer";

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

describe("e-mail notifications", () => {
  it("mails a like; the mail's unsubscribe link stops e-mails; the member sees why and turns them back on", async () => {
    const a = await activeMember(site, browser, "nora@example.com", "Nora");
    const b = await activeMember(site, browser, "otto@example.com", "Otto", { mobile: true });
    await a.site$.open(`/members/${b.id}`);
    await a.page.getByTestId("like-button").click();

    // Otto gets "Nora likes you" (his second mail, after the activation mail) with an unsubscribe link.
    const unsubscribe = await mailLink(site, "otto@example.com", 2, /https?:\/\/\S+\/unsubscribe\?token=\S+/);

    // The mail's button is a one-time login link (the token page): on another device, it logs Otto in
    // and opens his likes; used again, it says so and offers the login.
    const button = await mailLink(site, "otto@example.com", 2, /https?:\/\/[^/\s]+\/[\w-]{43}\?next=\S+/);
    const other = await newContext(browser, { ip: "8.8.8.8" });
    const tablet = await other.newPage();
    await tablet.goto(site.url + button.pathname + button.search);
    await tablet.getByTestId("likes-page").waitFor();
    expect(new URL(tablet.url()).pathname).toBe("/likes");
    await tablet.getByTestId("account-dropdown").waitFor();
    await other.clearCookies();
    await tablet.goto(site.url + button.pathname + button.search);
    await tablet.getByTestId("token-failed").getByText("Link expired or invalid, request a new email").waitFor();
    expect(await seriousViolations(tablet)).toEqual([]);
    await other.close();
    await b.site$.open(unsubscribe.pathname + unsubscribe.search);
    // Opening the link changes nothing (mail scanners open links); the button does.
    await b.page.getByTestId("unsubscribe-confirm").click();
    await b.page.getByTestId("unsubscribe-done").waitFor();

    // Elsewhere on the site, the alert says why e-mails stopped; on the notifications page they come back on.
    await b.site$.open("/members");
    const alert = b.page.getByTestId("disabled-notifications-alert");
    await alert.getByText("You unsubscribed with the link in one of our e-mails.").waitFor();
    // The settings (the account menu's "Settings", /profile#settings) do not repeat it.
    await b.page.getByTestId("account-dropdown").click();
    await b.page.locator(".dropdown-menu").getByText("Settings", { exact: true }).click();
    await b.page.waitForURL(/\/profile#settings$/);
    await b.page.locator("#settings").waitFor();
    expect(await alert.count()).toBe(0);
    await b.page.goBack();
    await alert.getByText("You unsubscribed with the link in one of our e-mails.").waitFor();
    await alert.getByRole("link", { name: "Turn e-mails back on" }).click();
    await b.page.getByTestId("notifications-page").waitFor();
    expect(await alert.count()).toBe(0);
    expect(await b.page.getByTestId("notify-messages").isDisabled()).toBe(true);
    await b.page.getByTestId("notifications-reenable").click();
    await b.page.getByTestId("notifications-disabled").waitFor({ state: "detached" });

    // Choices are saved at once and kept.
    await b.page.getByText("New likes", { exact: true }).click();
    await b.page.getByTestId("notifications-saved").waitFor();
    await b.site$.open("/notifications");
    expect(await b.page.getByTestId("notify-likes").isChecked()).toBe(false);
    expect(await b.page.getByTestId("notify-messages").isChecked()).toBe(true);
    await b.site$.open("/members");
    expect(await b.page.getByTestId("disabled-notifications-alert").count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });
});
