import { describe, expect, it } from "vitest";
import { suggestEmail } from "./suggestEmail";

describe("did-you-mean for e-mail addresses", () => {
  it("suggests the common provider for a typo", () => {
    expect(suggestEmail("jan@gmial.com")).toBe("jan@gmail.com");
    expect(suggestEmail("jan@hotmial.com")).toBe("jan@hotmail.com");
    expect(suggestEmail("jan@ziggo.nk")).toBe("jan@ziggo.nl");
  });
  it("stays quiet for a correct or unfinished address", () => {
    expect(suggestEmail("jan@gmail.com")).toBeNull();
    expect(suggestEmail("jan@")).toBeNull();
  });
});
