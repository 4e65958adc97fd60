import type { Page } from "playwright-core";

// Page objects of the signup in steps: what a visitor sees and clicks.

export class SignupSteps {
  constructor(readonly page: Page) {}

  wizard() {
    return this.page.getByTestId("signup-wizard");
  }

  /** Waits until the wizard shows step `step` (1 photo, 2 about me, 3 personal info, 4 location, 5 push). */
  async at(step: number): Promise<void> {
    await this.page.locator(`[data-testid=signup-wizard][data-step="${step}"]`).waitFor();
  }

  next() {
    return this.page.getByTestId("signup-next").click();
  }

  skip() {
    return this.page.getByTestId("signup-skip").click();
  }

  async choose(id: string, value: string): Promise<void> {
    await this.page.selectOption(`#${id}`, value);
  }
}
