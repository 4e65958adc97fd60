import { describe, expect, it } from "vitest";
import { keyHasField } from "./limiter";

describe("a counter's key", () => {
  it("has a field when it is one of its `:`-separated parts, first, in the middle or last", () => {
    expect(keyHasField("login:1:ann@example.com", "ann@example.com")).toBe(true);
    expect(keyHasField("signup:ann@example.com:2026-01-01", "ann@example.com")).toBe(true);
    expect(keyHasField("ann@example.com", "ann@example.com")).toBe(true);
  });

  it("does not have a field that is only part of one (another address that ends the same)", () => {
    expect(keyHasField("login:1:joann@example.com", "ann@example.com")).toBe(false);
    expect(keyHasField("login:1:ann@example.com.au", "ann@example.com")).toBe(false);
    expect(keyHasField("reset:12:2026-01-01", "1")).toBe(false);
  });
});
