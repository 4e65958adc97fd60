import type { Page } from "playwright-core";

// Page objects of the operators' console: what an operator sees and clicks.

export class ConsolePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = "/console"): Promise<void> {
    await this.page.goto(this.baseUrl + path);
    await this.page.waitForSelector("#root > *");
  }

  async signIn(email: string, password: string): Promise<void> {
    const form = this.page.getByTestId("console-signin");
    await form.locator("#console-email").fill(email);
    await form.locator("#console-password").fill(password);
    await form.locator("button[type=submit]").click();
    // On a phone the operator's name is in the collapsed menu: present, not shown.
    await this.page.getByTestId("console-operator").waitFor({ state: "attached" });
  }

  async findMember(query: string): Promise<void> {
    await this.page.getByTestId("member-search").fill(query);
    await this.page.getByTestId("member-search").press("Enter");
    await this.page.getByTestId("member-hits").locator("a").first().click();
    await this.page.getByTestId("member-view").waitFor();
  }

  /** Chooses an action of the member's page by its value, fills it in and sends it. */
  async act(kind: string, fields: { days?: number; reason: string }): Promise<void> {
    const actions = this.page.getByTestId("member-actions");
    await actions.locator("#action-kind").selectOption(kind);
    if (fields.days !== undefined) await actions.locator("#action-days").fill(String(fields.days));
    await actions.locator("#action-reason").fill(fields.reason);
    await actions.locator("button[type=submit]").click();
  }
}
