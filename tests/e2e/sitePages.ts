import type { Page } from "playwright-core";

// Page objects of the foundation journeys: what a person sees and clicks, in one place.

export class SitePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<number> {
    const response = await this.page.goto(this.baseUrl + path);
    await this.page.waitForSelector("#root > *");
    return response?.status() ?? 0;
  }

  entryWarning() {
    return this.page.getByTestId("entry-warning");
  }

  async enterSite(): Promise<void> {
    await this.page.getByTestId("entry-warning-enter").click();
    await this.entryWarning().waitFor({ state: "hidden" });
  }

  async chooseLanguage(code: string): Promise<void> {
    await this.page.getByTestId("language-dropdown").click();
    await this.page.getByTestId(`language-${code}`).click();
    await this.page.waitForFunction((lng) => document.documentElement.lang === lng, code);
  }

  async logout(): Promise<void> {
    await this.page.getByTestId("account-dropdown").click();
    await this.page.getByTestId("logout").click();
    await this.page.getByTestId("nav-login").waitFor();
  }
}

export class SignupForm {
  constructor(readonly page: Page) {}

  async fill(values: { email: string; name: string; password: string; dateOfBirth: string; message?: string }): Promise<void> {
    await this.page.fill("#signup-email", values.email);
    await this.page.fill("#signup-name", values.name);
    await this.page.fill("#signup-password", values.password);
    await this.page.fill("#signup-dob", values.dateOfBirth);
    if (values.message) await this.page.fill("#signup-message", values.message);
  }

  submit() {
    return this.page.getByTestId("signup-submit").click();
  }
}

export class LoginForm {
  constructor(readonly page: Page) {}

  async login(email: string, password: string): Promise<void> {
    await this.page.fill("#login-email", email);
    await this.page.fill("#login-password", password);
    await this.page.locator("[data-testid=login-form] button[type=submit]").click();
  }
}
