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

  /** Presses an arrow key and waits until the top card changed (or the game refused). */
  async press(key: "ArrowLeft" | "ArrowRight"): Promise<void> {
    const match = this.page.getByTestId("swipe-match");
    if (await match.count()) await this.page.getByRole("button", { name: "Keep swiping" }).click();
    await match.waitFor({ state: "detached" });
    await this.page.keyboard.press(key);
    await this.page.waitForTimeout(400);
  }
}
