import type { Browser, Page } from "playwright-core";
import { type ContextOptions, newContext } from "./browser";
import { signUpInPage } from "./membersPages";
import { mailLink, type SiteServer, US_IP } from "./siteServer";
import { SitePage } from "./sitePages";

// A US address: no entry warning to click away.

/** A member who just signed up (e-mail address not confirmed yet), in a browser context of their own. */
export async function newMember(site: SiteServer, browser: Browser, email: string, name: string, options: ContextOptions = {}) {
  const context = await newContext(browser, { ip: US_IP, ...options });
  const page = await context.newPage();
  const site$ = new SitePage(page, site.url);
  await site$.open("/");
  await signUpInPage(page, { email, name });
  const id = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.id as number);
  return { context, page, site$, id };
}

/** A member who signed up and followed the activation link, so that others can find them. */
export async function activeMember(site: SiteServer, browser: Browser, email: string, name: string, options: ContextOptions = {}) {
  const member = await newMember(site, browser, email, name, options);
  const link = await mailLink(site, email);
  await member.page.goto(site.url + link.pathname + link.search);
  await member.page.getByTestId("activate-done").waitFor();
  return member;
}

/** Buys a bundle (300 credits unless told) with PayPal at the test provider. */
export async function buyCredits(page: Page, site$: { open(path: string): Promise<number> }, credits = 300): Promise<void> {
  await site$.open("/credits");
  await page.getByTestId(`buy-${credits}`).click();
  await page.getByTestId("payment-page").waitFor();
  await page.getByTestId("method-paypal").check();
  await page.getByTestId("pay-button").click();
  await page.getByTestId("test-provider-paid").click();
  await page.getByTestId("payment-completed").waitFor();
}
