import { describe, expect, it } from "vitest";
import { isOwnOrigin } from "./ownOrigin";

describe("the origin of a WebSocket upgrade", () => {
  it("is the site's own when its host is the site's domain, on any port, with or without www.", () => {
    expect(isOwnOrigin("https://dating.example", "dating.example")).toBe(true);
    expect(isOwnOrigin("https://www.dating.example", "dating.example")).toBe(true);
    expect(isOwnOrigin("http://localhost:5173", "localhost")).toBe(true);
  });

  it("counts the loopback addresses as localhost", () => {
    expect(isOwnOrigin("http://127.0.0.1:3000", "localhost")).toBe(true);
    expect(isOwnOrigin("http://[::1]:3000", "localhost")).toBe(true);
  });

  it("refuses a missing, foreign or malformed origin", () => {
    expect(isOwnOrigin(undefined, "dating.example")).toBe(false);
    expect(isOwnOrigin("", "dating.example")).toBe(false);
    expect(isOwnOrigin("null", "dating.example")).toBe(false);
    expect(isOwnOrigin("https://evil.example", "dating.example")).toBe(false);
    expect(isOwnOrigin("https://dating.example.evil.example", "dating.example")).toBe(false);
    expect(isOwnOrigin("https://evil-dating.example", "dating.example")).toBe(false);
    expect(isOwnOrigin("file:///home/x/dating.example", "dating.example")).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:3000", "dating.example")).toBe(false);
  });
});
