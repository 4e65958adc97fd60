import { spawnSync } from "node:child_process";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newContext } from "./browser";
import { US_IP } from "./siteServer";

// Page objects of the operators' console: what an operator sees and clicks.

/**
 * `npm run operator -- add` on a site's data folder, before the site starts (PGlite has one user):
 * what the command printed.
 */
export function addOperator(dataDir: string, operator: { email: string; role: string; password: string }): string {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/commands/operator.ts", "add", operator.email, operator.role], {
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", DATA_DIR: dataDir, OPERATOR_PASSWORD: operator.password },
    encoding: "utf8",
  }).stdout;
}

/** A new browser context on the console in a language, on a phone or a desktop. */
export async function consoleIn(
  browser: Browser,
  siteUrl: string,
  options: { mobile: boolean; language: string },
): Promise<{ context: BrowserContext; console$: ConsolePage }> {
  const context = await newContext(browser, { ip: US_IP, mobile: options.mobile });
  await context.addCookies([{ name: "locale", value: options.language, url: siteUrl }]);
  return { context, console$: new ConsolePage(await context.newPage(), siteUrl) };
}

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
