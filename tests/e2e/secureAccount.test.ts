import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember } from "./members";
import { mailLink, siteForFile, type SiteServer, US_IP } from "./siteServer";
import { LoginForm, SitePage } from "./sitePages";

// "This wasn't me": someone who knows a member's password logs in elsewhere and changes it; the
// member follows the link of the alert mailed to their address and secures the account in one click.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const whoAmI = (page: Page) => page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user as { id: number } | null);
const SECURE_LINK = /https?:\/\/\S+\/secure-account\?token=\S+/;

/** An intruder's browser, logged in with the member's password through the login page. */
async function intruderLoggedIn(email: string) {
  const context = await newContext(browser, { ip: US_IP });
  const page = await context.newPage();
  const site$ = new SitePage(page, site.url);
  await site$.open("/login");
  await new LoginForm(page).login(email, "member-secret-1");
  await page.getByTestId("account-dropdown").waitFor();
  return { context, page, site$ };
}

describe("a password changed by someone else", () => {
  it("is mailed to the member, who follows the link, says 'this wasn't me', sees every device signed out and chooses a new password", async () => {
    const olga = await activeMember(site, browser, "olga@example.com", "Olga", { mobile: true });
    const intruder = await intruderLoggedIn("olga@example.com");
    await intruder.site$.open("/profile");
    const form = intruder.page.getByTestId("password-change");
    await form.getByLabel("Current password").fill("member-secret-1");
    await form.getByLabel("New password", { exact: true }).fill("intruder-secret-9");
    await form.getByLabel("New password again").fill("intruder-secret-9");
    await intruder.page.getByTestId("password-change-submit").click();
    await intruder.page.getByTestId("password-changed").waitFor();
    // "Log out my other devices" was on: Olga's phone is out, the intruder is in.
    expect(await whoAmI(olga.page)).toBeNull();

    const link = await mailLink(site, "olga@example.com", 2, SECURE_LINK);
    await olga.site$.open(link.pathname + link.search);
    const explanation = olga.page.getByTestId("secure-account-page");
    await explanation.getByRole("heading", { name: "Was this not you?" }).waitFor();
    await explanation.getByText("every device is signed out, this one too;").waitFor();
    expect(await seriousViolations(olga.page), "secure-account").toEqual([]);
    await olga.page.getByRole("button", { name: "This wasn't me: secure my account" }).click();
    await olga.page.getByTestId("account-secured").getByText("Every device has been signed out and the old password no longer works.").waitFor();
    expect(await seriousViolations(olga.page), "account secured").toEqual([]);

    // The intruder's session is gone, and their password opens nothing.
    expect(await whoAmI(intruder.page)).toBeNull();
    await intruder.page.reload();
    await intruder.page.getByTestId("nav-login").waitFor();
    await intruder.site$.open("/login");
    await new LoginForm(intruder.page).login("olga@example.com", "intruder-secret-9");
    await intruder.page.getByText("Login failed, please try again").waitFor();

    // Olga chooses a new password with the link that came to her address, and is in again.
    const reset = await mailLink(site, "olga@example.com", 3, /https?:\/\/\S+\/reset-password\/do\?token=\S+/);
    await olga.site$.open(reset.pathname + reset.search);
    await olga.page.fill("#reset-password", "olga-secret-2");
    await olga.page.fill("#reset-password-confirm", "olga-secret-2");
    await olga.page.locator("form button[type=submit]").click();
    await olga.page.waitForFunction(async () => (await (await fetch("/api/user.php")).json()).user !== null);
    await intruder.context.close();
    await olga.context.close();
  });

  it("speaks the member's language, German here, from the mail to the secured account", async () => {
    const greta = await activeMember(site, browser, "greta@example.com", "Greta", { mobile: true });
    await greta.page.evaluate(() =>
      fetch("/api/user.php", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "de" }) }),
    );
    const intruder = await intruderLoggedIn("greta@example.com");
    const changed = await intruder.page.evaluate(() =>
      fetch("/api/password.php", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          old_password: "member-secret-1",
          password: "intruder-secret-9",
          password_confirm: "intruder-secret-9",
          end_other_sessions: false,
        }),
      }).then((r) => r.status),
    );
    expect(changed).toBe(200);

    const link = await mailLink(site, "greta@example.com", 2, SECURE_LINK);
    await greta.site$.open(link.pathname + link.search);
    await greta.page.getByRole("heading", { name: "Warst du das nicht?" }).waitFor();
    expect(await seriousViolations(greta.page), "secure-account (de)").toEqual([]);
    await greta.page.getByRole("button", { name: "Das war ich nicht: Konto sichern" }).click();
    await greta.page.getByTestId("account-secured").getByText("Dein Konto ist gesichert").waitFor();
    // Greta's own device is signed out too (the page knows it at once), and so is the intruder's.
    await greta.page.getByTestId("nav-login").waitFor();
    expect(await whoAmI(greta.page)).toBeNull();
    expect(await whoAmI(intruder.page)).toBeNull();
    await intruder.context.close();
    await greta.context.close();
  });
});
