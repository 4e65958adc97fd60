import { describe, expect, it } from "vitest";
import { matchPageRoute } from "./routes";

describe("page routes", () => {
  it("knows the pages of the site", () => {
    expect(matchPageRoute("/")?.name).toBe("index");
    expect(matchPageRoute("/reset-password/do")?.name).toBe("reset-password-do");
    expect(matchPageRoute("/activate/done/")?.name).toBe("activate-done");
  });
  it("knows nothing else", () => {
    expect(matchPageRoute("/no-such-page")).toBeNull();
    expect(matchPageRoute("/login/extra")).toBeNull();
  });
});
