import { type Browser, type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Chromium; `extraArgs` for a file that needs more (a fake microphone: see the voice message journey). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

export interface ContextOptions {
  /** Pretend to come from this address (the site trusts X-Forwarded-For in tests). */
  ip?: string;
  mobile?: boolean;
  locale?: string;
  /** Let the test move the page's clock (timers and Date) with `page.clock.runFor`. */
  fakeClock?: boolean;
  /** The browser's time zone (IANA name); the machine's otherwise. */
  timezoneId?: string;
}

/**
 * What the Content-Security-Policy blocked in any page of any context (the browser says so on the
 * console); `siteForFile` fails the test that caused one.
 */
export const cspViolations: string[] = [];

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? "en-US",
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: options.mobile,
    hasTouch: options.mobile,
    extraHTTPHeaders: options.ip ? { "x-forwarded-for": options.ip } : {},
    timezoneId: options.timezoneId,
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
  if (options.fakeClock) await context.clock.install();
  return context;
}
