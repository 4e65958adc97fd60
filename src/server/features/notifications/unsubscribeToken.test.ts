import { describe, expect, it } from "vitest";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribeToken";

describe("unsubscribe tokens", () => {
  it("verifies its own tokens and names the member", () => {
    expect(verifyUnsubscribeToken("s3cret", unsubscribeToken("s3cret", 42))).toBe(42);
  });
  it("refuses another secret, another member, a changed signature and junk", () => {
    const token = unsubscribeToken("s3cret", 42);
    expect(verifyUnsubscribeToken("other", token)).toBeNull();
    expect(verifyUnsubscribeToken("s3cret", token.replace(/^42\./, "43."))).toBeNull();
    expect(verifyUnsubscribeToken("s3cret", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    for (const junk of ["", "42", "42.", "0.abc", "-1.x", `${"9".repeat(12)}.${"a".repeat(43)}`]) expect(verifyUnsubscribeToken("s3cret", junk)).toBeNull();
  });
});
