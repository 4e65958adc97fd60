import { describe, expect, it } from "vitest";
import { pageTitle } from "./usePageTitle";

describe("page title", () => {
  it("is prefixed with unread messages plus new likes when above zero", () => {
    expect(pageTitle("Amoria", 0)).toBe("Amoria");
    expect(pageTitle("Amoria", 3)).toBe("(3) Amoria");
  });
});
