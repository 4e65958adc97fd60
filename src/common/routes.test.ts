import { describe, expect, it } from "vitest";
import { matchPage, matchPageRoute } from "./routes";

describe("page routes", () => {
  it("knows the pages of the site", () => {
    expect(matchPageRoute("/")?.name).toBe("index");
    expect(matchPageRoute("/reset-password/do")?.name).toBe("reset-password-do");
    expect(matchPageRoute("/activate/done/")?.name).toBe("activate-done");
  });
  it("knows nothing else", () => {
    expect(matchPageRoute("/no-such-page")).toBeNull();
    expect(matchPageRoute("/login/extra")).toBeNull();
    expect(matchPageRoute("/landers/nothing")).toBeNull();
  });
  it("knows landers by name and the token page by the shape of its token", () => {
    expect(matchPageRoute("/landers/gallery/milf")?.name).toBe("landers-name");
    expect(matchPageRoute("/landers/tinderswipe")?.name).toBe("landers-tinderswipe");
    expect(matchPageRoute(`/${"a".repeat(43)}`)?.name).toBe("token");
    expect(matchPageRoute("/short-token")).toBeNull();
  });
  it("knows a page's parameters by their shape: ids, likes tabs, payment methods, transaction ids", () => {
    expect(matchPageRoute("/members/12")?.name).toBe("members-id");
    expect(matchPageRoute("/members/12/chat")?.name).toBe("members-id-chat");
    expect(matchPageRoute("/chats/7")?.name).toBe("chats-id");
    expect(matchPageRoute("/likes/sent")?.name).toBe("likes-type");
    expect(matchPageRoute("/likes/m/3")?.name).toBe("likes-m-id");
    expect(matchPageRoute("/credits/2")?.name).toBe("credits-id-paymentmethod");
    expect(matchPageRoute("/credits/2/ideal")?.name).toBe("credits-id-paymentmethod");
    expect(matchPageRoute("/credits/repeat-order")?.name).toBe("credits-repeat-order");
    expect(matchPageRoute("/transactions")?.name).toBe("transactions");
    expect(matchPageRoute("/transactions/0b5e1f3c-9a1d-4a53-8f3e-2c7d9e6b1a40")?.name).toBe("transactions");
  });
  it("gives the values of a page's parameters, an optional one absent when left out", () => {
    expect(matchPage("/members/12/landing2/milf")?.params).toEqual({ id: "12", slug: "milf" });
    expect(matchPage("/members/12/landing2")?.params).toEqual({ id: "12", slug: undefined });
    expect(matchPage("/landers/gallery/milf/")).toMatchObject({ route: { name: "landers-name" }, params: { name: "gallery", slug: "milf" } });
    expect(matchPage("/landers/tinderswipe")?.params).toEqual({});
    expect(matchPage("/members/2147483648/landing")).toBeNull();
  });
  it("knows no page for parameters of the wrong shape", () => {
    for (const path of [
      "/members/abc",
      "/members/0",
      "/members/-1",
      "/members/2147483648",
      "/members/12abc",
      "/members/abc/chat",
      "/chats/0",
      "/chats/abc",
      "/likes/nonsense",
      "/likes/m/abc",
      "/transactions/xyz",
      "/credits/abc",
      "/credits/abc/def",
      "/credits/2/no-such-method",
    ]) {
      expect(matchPageRoute(path), path).toBeNull();
    }
    expect(matchPageRoute("/members/2147483647")?.name).toBe("members-id");
  });
});

describe("route names (spec §2: route names used internally)", () => {
  it("has every name the spec lists, at the path the spec gives it", () => {
    const paths: Record<string, string> = {
      index: "/",
      members: "/members",
      "members-id": "/members/12",
      chats: "/chats",
      "chats-id": "/chats/7",
      likes: "/likes",
      "likes-type": "/likes/received",
      "likes-m-id": "/likes/m/3",
      credits: "/credits",
      "credits-id-paymentmethod": "/credits/2/paypal",
      "credits-repeat-order": "/credits/repeat-order",
      premium: "/premium",
      profile: "/profile",
      notifications: "/notifications",
      login: "/login",
      signup: "/signup",
      "complete-signup": "/complete-signup",
      pricing: "/pricing",
      complaints: "/complaints",
      "pages-terms": "/pages/terms",
      "pages-privacy": "/pages/privacy",
      "pages-cookies": "/pages/cookies",
      "pages-ban": "/pages/ban",
      "pages-return-policy": "/pages/return-policy",
      "pages-faq": "/pages/faq",
      "pages-service": "/pages/service",
    };
    for (const [name, path] of Object.entries(paths)) expect(matchPageRoute(path)?.name, path).toBe(name);
    expect(matchPageRoute("/credits/2")?.name).toBe("credits-id-paymentmethod");
  });
});
