import { describe, expect, it } from "vitest";
import { normaliseHost } from "./siteResolver";

describe("the host of a request, as a site's domain", () => {
  it("drops the port, the www. and the case", () => {
    expect(normaliseHost("www.Example.com:3000")).toBe("example.com");
    expect(normaliseHost("dating.example")).toBe("dating.example");
    expect(normaliseHost(undefined)).toBe("");
  });

  it("takes the loopback addresses for localhost, with or without a port", () => {
    expect(normaliseHost("127.0.0.1")).toBe("localhost");
    expect(normaliseHost("127.0.0.1:3000")).toBe("localhost");
    expect(normaliseHost("[::1]")).toBe("localhost");
    expect(normaliseHost("[::1]:3000")).toBe("localhost");
    expect(normaliseHost("localhost:5173")).toBe("localhost");
  });

  it("keeps other addresses as they are", () => {
    expect(normaliseHost("192.0.2.7:80")).toBe("192.0.2.7");
    expect(normaliseHost("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normaliseHost("127.0.0.1.evil.example")).toBe("127.0.0.1.evil.example");
  });
});
