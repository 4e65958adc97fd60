import type { Page } from "playwright-core";

// Page objects of the members and discovery journeys.

/** Signs a new member up through the API from inside the page, so the browser holds the session. */
export async function signUpInPage(page: Page, values: { email: string; name: string }): Promise<void> {
  const status = await page.evaluate(
    async (body) => {
      const res = await fetch("/api/signup.php", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return res.status;
    },
    { ...values, password: "member-secret-1", date_of_birth: "1990-03-04" },
  );
  if (status !== 200) throw new Error(`signup answered ${status}`);
}

export class ProfileEditor {
  constructor(readonly page: Page) {}

  async uploadPhoto(jpeg: Buffer): Promise<void> {
    await this.page.getByTestId("photo-input").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await this.page.getByTestId("own-photo").first().waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByTestId("profile-save").click();
    await this.page.getByTestId("profile-saved").waitFor();
  }
}

export class SwipeGame {
  constructor(readonly page: Page) {}

  topCardName() {
    return this.page.getByTestId("swipe-card").locator("img").getAttribute("alt");
  }

  /** Presses an arrow key and waits until the top card changed. */
  async press(key: "ArrowLeft" | "ArrowRight"): Promise<void> {
    const match = this.page.getByTestId("swipe-match");
    if (await match.count()) await this.page.getByRole("button", { name: "Keep swiping" }).click();
    await match.waitFor({ state: "detached" });
    // The top card's photo, which names its member (two members can share a first name).
    const photo = () => this.page.getByTestId("swipe-card").locator("img").getAttribute("src");
    const before = await photo();
    await this.page.keyboard.press(key);
    // A swipe takes the top card away: waited for, not a fixed pause (on a loaded machine the next
    // render can come later than one). A press the game refuses (a like with none left) would wait
    // here in vain; no journey makes one.
    await this.page.waitForFunction((src) => document.querySelector('[data-testid="swipe-card"] img')?.getAttribute("src") !== src, before);
  }
}
