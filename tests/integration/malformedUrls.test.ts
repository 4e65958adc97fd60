import { describe, expect, it } from "vitest";
import { appForFile, type TestApp } from "../support/testApp";

// Malformed URLs answer the 404 page with HTTP 404 (issue 18): the server knows each route's
// parameter shapes from the shared route table (src/common/routes.ts).

let t: TestApp;
appForFile((app) => (t = app));

const MALFORMED = [
  "/members/abc",
  "/members/0",
  "/members/2147483648",
  "/members/abc/chat",
  "/members/abc/landing",
  "/chats/0",
  "/chats/abc",
  "/likes/nonsense",
  "/likes/m/abc",
  "/transactions/xyz",
  "/credits/abc",
  "/credits/abc/def",
  "/credits/1/no-such-method",
];

const WELL_FORMED = [
  "/members/12",
  "/members/12/chat",
  "/chats/7",
  "/likes/sent",
  "/likes/m/3",
  "/credits/1",
  "/credits/1/ideal",
  "/transactions",
  "/transactions/0b5e1f3c-9a1d-4a53-8f3e-2c7d9e6b1a40",
];

describe("page addresses", () => {
  it("answers a path whose parameters have the wrong shape with the 404 page, for visitors and members", async () => {
    const member = await t.loggedIn();
    for (const client of [t.client(), member.client]) {
      for (const path of MALFORMED) {
        const res = await client.get(path, { accept: "text/html" });
        expect(res.status, path).toBe(404);
        expect(res.headers.get("content-type"), path).toContain("text/html");
      }
    }
  });

  it("still serves the pages whose parameters have the right shape", async () => {
    const member = await t.loggedIn();
    for (const path of WELL_FORMED) {
      const res = await member.client.get(path, { accept: "text/html" });
      expect(res.status, path).toBe(200);
    }
  });
});
