import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeJpeg } from "../support/factories";
import { seriousViolations } from "./axe";
import { newContext } from "./browser";
import { activeMember } from "./members";
import { siteForFile, type SiteServer, US_IP } from "./siteServer";
import { SignupSteps } from "./signupPages";
import { SignupForm, SitePage } from "./sitePages";

// The signup in steps, in the modal and as a page: photo, about me, personal info, location, push,
// the complete step and the proposed matches; resuming a half-done signup; the keyboard alone.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

const AMSTERDAM = { latitude: 52.3728, longitude: 4.8936 };

describe("a visitor signs up in steps", () => {
  it("arrives on a lander with tracking, goes through every step in the signup modal with a photo and a location, and the tracking is stored", async () => {
    const context = await newContext(browser, { ip: US_IP });
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(AMSTERDAM);
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    // Arrives on a lander with tracking parameters, and looks at the legal pages before signing up.
    await site$.open("/landers/gallery?network=adnet&ref=partner7&sub1=spring&sub2=banner&sub3=b2");
    await page.locator("footer").getByRole("link", { name: "Terms and conditions" }).click();
    await page.getByTestId("pages-terms").waitFor();
    await page.goBack();
    await page.getByTestId("lander-cta").first().click();
    const modal = page.getByTestId("signup-modal");
    await modal.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const form = new SignupForm(page);
    await form.fill({ email: "sofie@example.com", name: "Sofie", password: "Password1", dateOfBirth: "1993-05-06" });
    // Typing started: escape no longer closes the modal.
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    expect(await modal.isVisible()).toBe(true);
    // A common password is refused by the server, and said on the password field.
    await form.submit();
    await page.locator("#signup-password ~ .invalid-feedback").getByText("This password is too common and easy to guess. Please choose another one.").waitFor();
    await page.fill("#signup-password", "sofie-secret-1");
    await form.submit();

    const steps = new SignupSteps(page);
    await steps.at(1);
    expect(await page.getByTestId("signup-progress").textContent()).toContain("Step 1 of 5");
    // Without a photo the step can only be skipped; with one it goes on (the steps after the account are a chunk of their own).
    await page.getByTestId("signup-skip").waitFor();
    await page.getByTestId("photo-input").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 600, height: 750 }) });
    await page.getByTestId("own-photo").first().waitFor();
    expect(await seriousViolations(page), "step 1").toEqual([]);
    await steps.next();

    await steps.at(2);
    expect(await seriousViolations(page), "step 2").toEqual([]);
    // The account exists: neither escape nor the backdrop closes the modal, and there is no close button.
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await modal.isVisible()).toBe(true);
    expect(await page.getByTestId("signup-modal-close").count()).toBe(0);
    await page.fill("#signup-personal-text", "I love long walks by the sea and good coffee.");
    await page.getByRole("group").getByRole("button").first().click();
    await steps.next();

    await steps.at(3);
    expect(await seriousViolations(page), "step 3").toEqual([]);
    await steps.next();
    expect(await page.locator("#signup-gender + .invalid-feedback, #signup-gender ~ .invalid-feedback").first().textContent()).toBe(
      "Please fill in this field.",
    );
    await steps.choose("signup-gender", "female");
    await steps.choose("signup-sexuality", "hetero");
    await steps.choose("signup-hair_color", "blond");
    await steps.next();

    await steps.at(4);
    expect(await seriousViolations(page), "step 4").toEqual([]);
    await page.getByTestId("use-my-location").click();
    await page
      .getByText(/Amsterdam/)
      .first()
      .waitFor();
    expect(await page.inputValue("#profile-country")).toBe("NL");
    expect(await page.inputValue("#profile-region")).toBe("NH");
    await steps.next();

    await steps.at(5);
    expect(await seriousViolations(page), "step 5").toEqual([]);
    expect(await page.getByTestId("signup-push-state").getAttribute("data-state")).toMatch(/unsupported|unknown|granted|denied/);
    await steps.next();

    // signupClosed: the modal closes and the complete step asks to confirm the e-mail.
    await page.getByTestId("complete-signup").waitFor();
    await modal.waitFor({ state: "detached" });
    await page.getByText("We sent an e-mail to sofie@example.com").waitFor();
    expect(await seriousViolations(page), "complete-signup").toEqual([]);
    await page.getByTestId("complete-signup-continue").click();

    await page.getByTestId("signup-matches").waitFor();
    await page.getByTestId("signup-match-like").first().click();
    await page.locator("[data-testid=signup-match-like][aria-pressed=true]").waitFor();
    expect(await seriousViolations(page), "signup-matches").toEqual([]);
    await page.getByTestId("signup-matches-continue").click();
    await page.getByTestId("members-page").waitFor();
    expect(page.url()).toContain("api_signup_complete");

    const saved = await page.evaluate(async () => {
      const data = await (await fetch("/api/my-data.php")).json();
      const me = await (await fetch("/api/user.php")).json();
      return { tracking: data.account.tracking, photos: data.photos, user: me.user };
    });
    expect(saved.tracking).toEqual({ network: "adnet", ref: "partner7", sub1: "spring", sub2: "banner", sub3: "b2" });
    expect(saved.user).toMatchObject({
      signup_step: null,
      profile: {
        gender: "female",
        sexuality: "hetero",
        hair_color: "blond",
        country: "NL",
        region: "NH",
        personal_text: "I love long walks by the sea and good coffee.",
      },
    });
    // The site checks photos before others see them (pre-moderation, the default): the photo is
    // stored and waits for a moderator; it becomes the main image when approved.
    expect(saved.photos).toMatchObject([{ status: "pending" }]);
    expect(saved.user.profile.main_image).toBeNull();
    expect(saved.user.profile.interests.length).toBe(1);
    await context.close();
  });

  it("resumes a half-done signup where it stopped, after a reload and on another device", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const site$ = new SitePage(page, site.url);
    await site$.open("/signup");
    // What was typed survives a reload (not the password).
    await page.fill("#signup-email", "resume@example.com");
    await page.fill("#signup-name", "Rosa");
    await page.reload();
    expect(await page.inputValue("#signup-email")).toBe("resume@example.com");
    expect(await page.inputValue("#signup-name")).toBe("Rosa");
    await new SignupForm(page).fill({ email: "resume@example.com", name: "Rosa", password: "rosa-secret-1", dateOfBirth: "1991-01-01" });
    await new SignupForm(page).submit();
    const steps = new SignupSteps(page);
    await steps.at(1);
    await steps.skip();
    await steps.at(2);
    await page.fill("#signup-personal-text", "Half written");
    await page.reload();
    await steps.at(2);
    expect(await page.inputValue("#signup-personal-text")).toBe("Half written");
    // Back shows the photo step again, next comes back here.
    await page.getByTestId("signup-back").click();
    await steps.at(1);
    await steps.skip();
    await steps.at(2);

    const other = await newContext(browser, { ip: US_IP });
    const phone = await other.newPage();
    await new SitePage(phone, site.url).open("/login");
    await phone.fill("#login-email", "resume@example.com");
    await phone.fill("#login-password", "rosa-secret-1");
    await phone.locator("[data-testid=login-form] button[type=submit]").click();
    await new SignupSteps(phone).at(2);
    expect(phone.url()).toContain("/signup");
    await other.close();
    await context.close();
  });

  it("signs up with the keyboard alone", async () => {
    const context = await newContext(browser, { ip: US_IP });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (req) => asked.push(new URL(req.url()).pathname));
    await new SitePage(page, site.url).open("/signup");
    expect(await seriousViolations(page), "/signup").toEqual([]);
    // The server renders the form, and the app runs on the first touch: what is typed at once, while
    // the app takes the form over, stays.
    expect(await page.locator("#root").getAttribute("data-ssr")).toBe("");
    expect(asked, "the app has not run: it would ask for the settings").not.toContain("/api/settings.php");
    await page.evaluate(() => addEventListener("amoria:app-ready", () => document.body.setAttribute("data-app-ready", ""), { once: true }));
    const type = async (text: string) => page.keyboard.type(text);
    await page.locator("#signup-email").focus();
    await type("keys@example.com");
    await page.locator("body[data-app-ready]").waitFor({ state: "attached" });
    expect(await page.inputValue("#signup-email")).toBe("keys@example.com");
    await page.keyboard.press("Tab");
    await type("Kees");
    await page.keyboard.press("Tab");
    await type("kees-secret-1");
    await page.keyboard.press("Tab");
    // The date field takes the digits in the browser's order (en-US: month, day, year).
    await type("04121990");
    await page.keyboard.press("Enter");
    const steps = new SignupSteps(page);
    await steps.at(1);
    const tabTo = async (selector: string) => {
      // The steps after the account load as a chunk of their own: the field is there before tabbing to it.
      await page.locator(selector).first().waitFor();
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
      }
      throw new Error(`${selector} cannot be reached with Tab`);
    };
    await tabTo("[data-testid=signup-skip]");
    await page.keyboard.press("Enter");
    await steps.at(2);
    await tabTo("[data-testid=signup-skip]");
    await page.keyboard.press("Enter");
    await steps.at(3);
    await tabTo("#signup-gender");
    await page.keyboard.press("ArrowDown");
    await tabTo("#signup-sexuality");
    await page.keyboard.press("ArrowDown");
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await steps.at(4);
    await tabTo("#profile-country");
    await page.keyboard.type("Netherlands");
    await tabTo("#profile-region");
    await page.keyboard.type("Utrecht");
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await steps.at(5);
    await tabTo("[data-testid=signup-next]");
    await page.keyboard.press("Enter");
    await page.getByTestId("complete-signup").waitFor();
    const user = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user);
    expect(user).toMatchObject({ signup_step: null, profile: { date_of_birth: "1990-04-12", country: "NL", region: "UT" } });
    await context.close();
  });
});

describe("the signup modal on a phone", () => {
  it("fills the screen and signs up to write to the member of a profile", async () => {
    const host = await activeMember(site, browser, "host-phone@example.com", "Hanna");
    await host.page.close();
    const context = await newContext(browser, { ip: US_IP, mobile: true });
    const page = await context.newPage();
    await new SitePage(page, site.url).open(`/members/${host.id}`);
    await page.getByTestId("visitor-message").click();
    const modal = page.getByTestId("signup-modal");
    await modal.waitFor();
    const box = await page.locator(".modal-dialog").boundingBox();
    expect(box?.width).toBe(390);
    // Closable while nothing was typed.
    await page.getByTestId("signup-modal-close").click();
    await modal.waitFor({ state: "detached" });
    await page.getByTestId("visitor-message").click();
    await new SignupForm(page).fill({
      email: "writer@example.com",
      name: "Wim",
      password: "wim-secret-1",
      dateOfBirth: "1988-08-08",
      message: "Hi Hanna, coffee?",
    });
    expect(await page.getByText("Your first message to Hanna").isVisible()).toBe(true);
    await new SignupForm(page).submit();
    await new SignupSteps(page).at(1);
    // The message went out with the account: the new member's conversation with Hanna holds it.
    const chat = await page.evaluate(
      async (id) => (await (await fetch(`/api/chat.php?member=${id}`)).json()) as { messages: Array<{ body: string }> },
      host.id,
    );
    expect(chat.messages.map((m) => m.body)).toEqual(["Hi Hanna, coffee?"]);
    // A reload in the middle of the steps opens the modal again where the signup stopped.
    await page.reload();
    await new SignupSteps(page).at(1);
    expect(await modal.isVisible()).toBe(true);
    await context.close();
    await host.context.close();
  });
});
