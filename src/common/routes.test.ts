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
    expect(matchPageRoute("/landers/nothing")).toBeNull();
  });
  it("knows landers by name and the token page by the shape of its token", () => {
    expect(matchPageRoute("/landers/gallery/milf")?.name).toBe("landers-name");
    expect(matchPageRoute("/landers/tinderswipe")?.name).toBe("landers-tinderswipe");
    expect(matchPageRoute(`/${"a".repeat(43)}`)?.name).toBe("token");
    expect(matchPageRoute("/short-token")).toBeNull();
  });
});
