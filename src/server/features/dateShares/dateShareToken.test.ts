import { describe, expect, it } from "vitest";
import { matchPageRoute } from "../../../common/routes";
import { dateShareTokenSchema } from "../../../common/schemas/dateShares";
import { loggedUrl } from "../../plugins/requestLogging";
import { dateShareTokenHash, newDateShareToken } from "./dateShareToken";

describe("a shared date's token", () => {
  it("holds 128 random bits in 22 URL-safe characters that make a page address", () => {
    const token = newDateShareToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    expect(dateShareTokenSchema.safeParse(token).success).toBe(true);
    expect(matchPageRoute(`/date/${token}`)?.name).toBe("date-share");
  });

  it("is new each time", () => {
    const tokens = new Set(Array.from({ length: 1000 }, newDateShareToken));
    expect(tokens.size).toBe(1000);
  });

  it("is kept as its SHA-256 only", () => {
    const token = newDateShareToken();
    expect(dateShareTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(dateShareTokenHash(token)).not.toContain(token);
    expect(dateShareTokenHash(token)).toBe(dateShareTokenHash(token));
  });

  it("names no page when it has the wrong shape", () => {
    expect(matchPageRoute("/date/short")).toBeNull();
    expect(matchPageRoute(`/date/${"a".repeat(23)}`)).toBeNull();
    expect(dateShareTokenSchema.safeParse("a/b".padEnd(22, "c")).success).toBe(false);
  });

  it("never reaches the log, in the page's path or the API's query", () => {
    const token = newDateShareToken();
    expect(loggedUrl(`/date/${token}`)).toBe("/date/…");
    expect(loggedUrl(`/date/${token}?utm=1`)).toBe("/date/…?utm=…");
    expect(loggedUrl(`/api/datepage.php?token=${token}`)).not.toContain(token);
  });
});
