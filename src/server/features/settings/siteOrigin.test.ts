import { describe, expect, it } from "vitest";
import { siteOriginOf } from "./siteOrigin";
import { normaliseHost } from "./siteResolver";

describe("a site's address for links", () => {
  it("is PUBLIC_URL for the site on its host, https on its domain for the others, and localhost for the demo site", () => {
    const origin = siteOriginOf({ publicUrl: "https://www.amoria.ch", port: 3000 });
    expect(origin({ domain: "amoria.ch" })).toBe("https://www.amoria.ch");
    expect(origin({ domain: "amoria.nl" })).toBe("https://amoria.nl");
    expect(origin({ domain: "localhost" })).toBe("http://localhost:3000");
    expect(siteOriginOf({ port: 8080 })({ domain: "localhost" })).toBe("http://localhost:8080");
  });
});

describe("a request's host", () => {
  it("drops port and www., and takes the machine's loopback addresses for the local site", () => {
    expect(normaliseHost("www.Example.com:3000")).toBe("example.com");
    expect(normaliseHost("127.0.0.1:3000")).toBe("localhost");
    expect(normaliseHost("[::1]:3000")).toBe("localhost");
    expect(normaliseHost("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normaliseHost(undefined)).toBe("");
  });
});
