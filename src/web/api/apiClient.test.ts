import { afterEach, describe, expect, it, vi } from "vitest";
import { call, pathOf } from "./apiClient";

afterEach(() => vi.unstubAllGlobals());

/** Answers every fetch with `answer` and keeps what was asked. */
function serve(answer: unknown) {
  const asked: Array<{ url: string; method: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal("window", { location: { origin: "https://site.test" } });
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    asked.push({
      url: url.toString(),
      method: String(init.method),
      body: init.body && JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  });
  return asked;
}

describe("a typed call of the API", () => {
  it("sends the contract's method and path with the query in the address", async () => {
    const asked = serve({ ok: true });
    expect(await call("DELETE /api/chat.php", { query: { conversation: 5 } })).toEqual({ ok: true });
    expect(asked).toEqual([expect.objectContaining({ url: "https://site.test/api/chat.php?conversation=5", method: "DELETE", body: undefined })]);
  });

  it("sends the body as JSON, with an Idempotency-Key when given", async () => {
    const asked = serve({ message: {}, credits: 3 });
    await call("POST /api/chat.php", { body: { to: 9, text: "hello" } }, { idempotencyKey: "k-1" });
    expect(asked[0]).toMatchObject({ url: "https://site.test/api/chat.php", method: "POST", body: { to: 9, text: "hello" } });
    expect(asked[0].headers).toMatchObject({ "content-type": "application/json", "Idempotency-Key": "k-1" });
  });

  it("needs no input for a call without query or body", async () => {
    const asked = serve({ chats: [] });
    expect(await call("GET /api/chats.php")).toEqual({ chats: [] });
    expect(asked[0]).toMatchObject({ url: "https://site.test/api/chats.php", method: "GET" });
  });

  it("fills the path's parameters in, each as one encoded segment", async () => {
    const asked = serve({ status: "refunded", credits_taken_back: 0, credits: 0, paid_user: false });
    await call("POST /api/console/members/:id/payments/:payment/refund", { params: { id: 12, payment: "a/b?c" }, body: { reason: "asked" } });
    expect(asked[0]).toMatchObject({ url: "https://site.test/api/console/members/12/payments/a%2Fb%3Fc/refund", method: "POST", body: { reason: "asked" } });
  });

  it("refuses a path parameter without a value instead of calling a wrong address", () => {
    expect(() => pathOf("/api/console/members/:id", {})).toThrow(":id");
  });
});
