import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatMoney } from "../../../common/formats";
import { isPaymentMethodId, paymentMethodById, type Currency } from "../../../common/paymentMethods";
import { notFound } from "../../errors";
import { escapeHtml } from "../../escapeHtml";
import { cardLabel, TEST_CARDS, type TestPaymentProvider, type TestProviderRow } from "./testProvider";

const params = z.object({ id: z.string().regex(/^tr_[\w-]{6,40}$/) });
const OUTCOMES = ["paid", "failed", "canceled", "pending"] as const;

function page(row: TestProviderRow): string {
  const method = isPaymentMethodId(row.method) ? paymentMethodById(row.method) : null;
  const name = method ? ("brand" in method.name ? method.name.brand : method.id.replace(/_/g, " ")) : row.method;
  const amount = formatMoney(row.amount, row.currency as Currency, "en-GB");
  const open = row.status === "open" || row.status === "pending";
  const button = (outcome: (typeof OUTCOMES)[number], label: string, style: string) =>
    `<button name="outcome" value="${outcome}" class="${style}" data-testid="test-provider-${outcome}">${label}</button>`;
  const cards = row.storeCard
    ? `<fieldset class="cards"><legend>Card to keep for repeat orders</legend>
  <label><input type="radio" name="card" value="ok" checked data-testid="test-card-ok"> ${escapeHtml(cardLabel(row.method, TEST_CARDS.ok.last4))}: works</label>
  <label><input type="radio" name="card" value="declines" data-testid="test-card-declines"> ${escapeHtml(cardLabel(row.method, TEST_CARDS.declines.last4))}: declines later charges</label>
</fieldset>`
    : "";
  const body = open
    ? `<form method="post">
  ${cards}
  ${button("paid", "Pay", "pay")}
  ${button("failed", "Fail", "other")}
  ${button("canceled", "Cancel", "other")}
  ${row.status === "open" ? button("pending", "Leave pending", "other") : ""}
</form>
<p class="note">${row.status === "pending" ? "This payment is pending, as a bank transfer is until the money arrives: finish it here." : "Choose what the payment does. The site learns the outcome through its webhook, as from a real provider."}</p>`
    : `<p class="done">This payment is ${escapeHtml(row.status)}.</p><p><a href="${escapeHtml(row.redirectUrl)}">Back to the shop</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test payment provider: checkout</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;color:#1f2937}
main{max-width:420px;margin:2rem auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:1.5rem}
h1{font-size:1rem;color:#6b7280;font-weight:600;margin:0 0 1rem;text-transform:uppercase;letter-spacing:.05em}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}.desc{color:#4b5563;margin:0 0 1rem}
.method{display:inline-block;background:#eef2ff;color:#3730a3;border-radius:999px;padding:.2rem .75rem;font-size:.9rem;margin-bottom:1.25rem}
form{display:grid;gap:.5rem}fieldset.cards{border:1px solid #e5e7eb;border-radius:8px;padding:.5rem .75rem;display:grid;gap:.25rem;font-size:.9rem}button{font-size:1rem;padding:.75rem;border-radius:8px;border:1px solid #d1d5db;background:#fff;cursor:pointer}
button.pay{background:#16a34a;border-color:#16a34a;color:#fff;font-weight:600}.note{font-size:.85rem;color:#6b7280}.done{font-weight:600}
</style></head><body><main data-testid="test-provider-checkout">
<h1>Test payment provider</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="desc">${escapeHtml(row.description)}</p>
<span class="method">${escapeHtml(name)}</span>
${body}
</main></body></html>`;
}

/**
 * The hosted checkout page of the built-in test provider (embedded default only). The payer picks
 * the outcome; the provider records it, queues its signed webhook call (durable: retried until our
 * webhook answers 2xx) and sends the payer back to the shop.
 */
export const testProviderRoutes: FastifyPluginAsyncZod<{ provider: TestPaymentProvider; wake: () => void }> = async (app, { provider, wake }) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get("/test-provider/checkout/:id", { config: { auth: "visitor" }, schema: { hide: true, params } }, async (request, reply) => {
    const row = await provider.find(request.params.id);
    if (!row) throw notFound();
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page(row));
  });

  app.post(
    "/test-provider/checkout/:id",
    { config: { auth: "visitor" }, schema: { hide: true, params, body: z.object({ outcome: z.enum(OUTCOMES), card: z.enum(["ok", "declines"]).optional() }) } },
    async (request, reply) => {
      const row = await provider.find(request.params.id);
      if (!row) throw notFound();
      const settled = await provider.settle(row.id, request.body.outcome, request.body.card);
      if (settled) wake();
      return reply.redirect(row.redirectUrl, 303);
    },
  );
};
