import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { activeMember } from "./members";
import { siteForFile, type SiteServer } from "./siteServer";

// Buying credits through the built-in test provider's hosted checkout page, as a member would.

let site: SiteServer;
let browser: Browser;
siteForFile((started) => ({ site, browser } = started));

/** Picks the 50-credit bundle and PayPal, pays, and lands on the provider's page. */
async function checkout(page: Page, site$: { open(path: string): Promise<number> }) {
  await site$.open("/credits");
  await page.getByTestId("buy-50").click();
  await page.getByTestId("payment-page").waitFor();
  await page.getByTestId("method-paypal").check();
  await page.waitForURL(/\/credits\/\d+\/paypal$/);
  await page.getByTestId("pay-button").click();
  await page.getByTestId("test-provider-checkout").waitFor();
}

/** A demo member with four photos: two free, two locked for free members. */
async function memberWithFourPhotos(page: Page): Promise<number> {
  const id = await page.evaluate(async () => {
    const { profiles } = await (await fetch("/api/members.php")).json();
    for (const p of profiles as Array<{ id: number }>) {
      const view = await (await fetch(`/api/member.php?id=${p.id}`)).json();
      if (view.photos.length >= 4) return p.id;
    }
    return null;
  });
  expect(id).not.toBeNull();
  return id as number;
}

const lockedPhotos = (page: Page, id: number) =>
  page.evaluate(
    async (member) => ((await (await fetch(`/api/member.php?id=${member}`)).json()).photos as Array<{ locked: boolean }>).filter((p) => p.locked).length,
    id,
  );

describe("buying credits", () => {
  it("a free member pays a bundle on the provider's page and becomes premium: photos unlock, the top bar shows the credits", async () => {
    const { page, site$, context } = await activeMember(site, browser, "paula@example.com", "Paula");
    const target = await memberWithFourPhotos(page);
    const before = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user.credits as number);
    expect(await lockedPhotos(page, target)).toBe(2);
    expect(await page.getByTestId("get-premium").count()).toBe(1);

    await checkout(page, site$);
    await page.getByTestId("test-provider-paid").click();
    await page.getByTestId("payment-completed").waitFor();
    await page.getByText("50 credits have been added to your account").waitFor();

    // The top bar swaps "Get Premium" for the balance, and no photo is locked any more.
    await page
      .getByTestId("nav-credits")
      .getByText(String(before + 50), { exact: true })
      .waitFor();
    expect(await page.getByTestId("get-premium").count()).toBe(0);
    expect(await lockedPhotos(page, target)).toBe(0);

    // The receipt and the transaction list.
    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByTestId("receipt").waitFor();
    await page.getByTestId("payment-status").getByText("Completed").waitFor();
    // $21.99 less the new member's time bonus of 25%.
    expect(await page.getByTestId("receipt-total").textContent()).toMatch(/16\.49/);
    await site$.open("/transactions");
    // The page's shell renders before its list arrives: wait for the list, then count it.
    await page.getByTestId("transaction-row").first().waitFor();
    expect(await page.getByTestId("transaction-row").count()).toBe(1);
    await page.getByTestId("tab-history").click();
    await page.getByTestId("credit-history").getByText("Credits bought").waitFor();
    await context.close();
  });

  it("says so when the payment is cancelled or fails, and grants nothing", async () => {
    const { page, site$, context } = await activeMember(site, browser, "carl@example.com", "Carl", { mobile: true });
    await checkout(page, site$);
    await page.getByTestId("test-provider-canceled").click();
    await page.getByTestId("payment-failed").getByText("Payment failed or has been cancelled.").waitFor();

    await page.getByTestId("payment-retry").click();
    await page.getByTestId("pay-button").click();
    await page.getByTestId("test-provider-failed").click();
    await page.getByTestId("payment-failed").waitFor();
    expect(await page.getByTestId("get-premium").count()).toBe(1);

    await site$.open("/transactions");
    await page.getByTestId("payment-status").first().waitFor();
    const states = await page.getByTestId("payment-status").allTextContents();
    expect(states.sort()).toEqual(["Cancelled", "Failed"]);
    await context.close();
  });

  it("shows a pending payment as pending, then completed when the provider confirms it", async () => {
    const { page, site$, context } = await activeMember(site, browser, "pia@example.com", "Pia");
    await checkout(page, site$);
    const checkoutUrl = page.url();
    await page.getByTestId("test-provider-pending").click();
    await page.getByTestId("payment-pending").getByText("Your payment is being processed").waitFor();
    // The money arrives later (as with a bank transfer): the provider confirms in another tab.
    const provider = await context.newPage();
    await provider.goto(checkoutUrl);
    await provider.getByTestId("test-provider-paid").click();
    await page.getByTestId("payment-completed").waitFor();
    await context.close();
  });
});

describe("the time bonus", () => {
  it("counts down in the members area, offers itself after 40 s at 0 credits, and takes 25% off the first purchase", async () => {
    const { page, site$, context } = await activeMember(site, browser, "tina@example.com", "Tina", { fakeClock: true });
    // Spend the signup credits: the modal is for members at 0 credits.
    await page.evaluate(async () => {
      const { profiles } = await (await fetch("/api/members.php")).json();
      const to = (profiles as Array<{ id: number }>)[0].id;
      for (let credits = (await (await fetch("/api/user.php")).json()).user.credits; credits > 0; credits -= 10) {
        await fetch("/api/chat.php", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to, text: "Hello there" }) });
      }
    });
    // One banner at a time: the photo reminder comes first; closed, the bonus shows in its place.
    await site$.open("/members");
    await page.getByTestId("profile-photo-alert").getByRole("button", { name: "Close" }).click();
    const countdown = page.getByTestId("time-bonus-countdown");
    const first = await countdown.textContent();
    expect(first).toMatch(/^03:5\d:\d\d$/);
    await page.clock.runFor(3000);
    expect(await countdown.textContent()).not.toBe(first);

    // Leaving the members area cancels the modal's timer; coming back starts it again.
    await page.clock.runFor(20_000);
    await page.getByTestId("account-dropdown").click();
    await page.getByText("My profile").click();
    await page.waitForURL(/\/profile$/);
    await page.clock.runFor(30_000);
    expect(await page.getByTestId("time-bonus-modal").count()).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/members$/);
    await page.clock.runFor(39_000);
    expect(await page.getByTestId("time-bonus-modal").count()).toBe(0);
    await page.clock.runFor(2_000);
    // It urges acting fast: within 4 hours of signing up, with the time left.
    const modal = page.getByTestId("time-bonus-modal");
    await modal.getByText("only within 4 hours of signing up", { exact: false }).waitFor();
    expect(await modal.getByText(/^03:5\d:\d\d$/).count()).toBe(1);
    await page.getByTestId("time-bonus-cta").click();

    // The prices show the 25% off, and the payment charges it.
    await page.getByTestId("active-discount").getByText("TIMEBONUS25").waitFor();
    await page.getByTestId("buy-20").click();
    expect(await page.getByTestId("order-total").textContent()).toBe("$8.24");
    await page.getByTestId("pay-button").click();
    await page.getByTestId("test-provider-paid").click();
    await page.getByTestId("payment-completed").waitFor();
    // Paid: the bonus is over, and the modal stays dismissed.
    await site$.open("/members");
    await page.clock.runFor(45_000);
    expect(await page.getByTestId("time-bonus-banner").count()).toBe(0);
    expect(await page.getByTestId("time-bonus-modal").count()).toBe(0);
    await context.close();
  });

  it("turns down a code that does not exist, in the member's language", async () => {
    const { page, site$, context } = await activeMember(site, browser, "dora@example.com", "Dora");
    await site$.open("/credits");
    await page.getByTestId("discount-code-open").click();
    await page.getByTestId("discount-code-input").fill("NOSUCHCODE");
    await page.getByTestId("discount-code-apply").click();
    await page.getByText("Code not found").waitFor();
    await context.close();
  });
});

describe("direct debit, repeat orders and refunds", () => {
  // An Irish address: euros, so SEPA direct debit is offered, and English.
  const IE_IP = "87.32.0.1";

  it("pays by direct debit with the code from the SMS: phone entry, SMS code, confirmed", async () => {
    const { page, site$, context } = await activeMember(site, browser, "dirk@example.com", "Dirk", { ip: IE_IP });
    await site$.open("/credits");
    await page.getByTestId("buy-20").click();
    await page.getByTestId("method-sepa_direct_debit").check();
    await page.getByTestId("pay-button").click();
    await page.getByTestId("directdebit-form").waitFor();

    // Nothing ticked and a wrong IBAN: both are said, in place.
    await page.getByLabel("Account holder").fill("Dirk Jansen");
    await page.getByLabel("IBAN").fill("IE29 AIBK 9311 5212 3456 79");
    await page.getByLabel("Mobile number").fill("+353 85 123 4567");
    await page.getByTestId("dd-send-code").click();
    await page.getByText("Please tick 'I authorize a one-time direct debit' to continue.").waitFor();
    await page.getByTestId("dd-authorize").check();
    await page.getByTestId("dd-send-code").click();
    await page.getByText("This IBAN is not valid. Check it on your bank card or statement.").waitFor();
    await page.getByLabel("IBAN").fill("IE29 AIBK 9311 5212 3456 78");
    await page.getByTestId("dd-send-code").click();
    await page.getByTestId("directdebit-code").waitFor();

    const code = await smsCodeFor("+353851234567");
    await page.getByTestId("dd-code-input").fill(code === "000000" ? "111111" : "000000");
    await page.getByTestId("dd-confirm").click();
    await page.getByText("Code invalid").waitFor();
    await page.getByTestId("dd-code-input").fill(code);
    await page.getByTestId("dd-confirm").click();
    await page.getByTestId("directdebit-confirmed").waitFor();
    await site$.open("/transactions");
    await page.getByTestId("payment-status").getByText("Pending").waitFor();
    await context.close();
  });

  it("buys again in one step with a kept card, offers PayPal when the card is declined, and refunds a purchase", async () => {
    const { page, site$, context } = await activeMember(site, browser, "rita@example.com", "Rita");
    // The first purchase with Visa, keeping a card that works.
    await site$.open("/credits/1/visa");
    await page.getByTestId("keep-card").waitFor();
    await page.getByTestId("pay-button").click();
    await page.getByTestId("test-card-ok").check();
    await page.getByTestId("test-provider-paid").click();
    await page.getByTestId("payment-completed").waitFor();

    await site$.open("/credits");
    await page.getByTestId("repeat-order-link").getByText("Visa •••• 4242").waitFor();
    await page.getByTestId("repeat-order-link").click();
    await page.getByTestId("repeat-bundle-50").check();
    await page.getByTestId("repeat-buy").click();
    await page.getByTestId("payment-completed").waitFor();

    // Refund the repeat order from its receipt: its 50 credits are unspent.
    await page.getByTestId("payment-receipt-link").click();
    await page.getByTestId("refund-button").click();
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await page.getByTestId("refund-done").waitFor();
    await page.getByTestId("payment-status").getByText("Refunded").waitFor();
    await context.close();

    // Another member keeps a card that declines later charges.
    const other = await activeMember(site, browser, "ruben@example.com", "Ruben");
    await other.site$.open("/credits/1/mastercard");
    await other.page.getByTestId("pay-button").click();
    await other.page.getByTestId("test-card-declines").check();
    await other.page.getByTestId("test-provider-paid").click();
    await other.page.getByTestId("payment-completed").waitFor();
    await other.site$.open("/credits/repeat-order");
    await other.page.getByTestId("repeat-buy").click();
    await other.page.getByTestId("card-payment-failed").getByText("Credit card payment failed").waitFor();
    await other.page.getByTestId("repeat-paypal").click();
    await other.page.waitForURL(/\/credits\/\d+\/paypal$/);
    await other.context.close();
  });
});

/** The newest code texted to `phone`, from the dev SMS outbox. */
async function smsCodeFor(phone: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { texts } = (await (await fetch(`${site.url}/dev/sms.json?to=${encodeURIComponent(phone)}`)).json()) as { texts: Array<{ text: string }> };
    const code = /\b(\d{6})\b/.exec(texts[0]?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}
