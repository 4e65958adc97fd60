import { describe, expect, it } from "vitest";
import { discountClaim } from "./discountClaim";

describe("what an order's discount code takes", () => {
  it("makes the welcome discount and the time bonus one claim per member: the first purchase", () => {
    expect(discountClaim({ code: "TIMEBONUS25", validity: "once-per-user" }, 7)).toBe("first:7");
    expect(discountClaim({ code: "WELCOME25", validity: "once-per-user" }, 7)).toBe("first:7");
    expect(discountClaim({ code: "WELCOME25", validity: "once-per-user" }, 8)).toBe("first:8");
  });

  it("takes a single-use code from everyone, a once-per-user code from the member, and nothing of an unlimited code", () => {
    expect(discountClaim({ code: "SPRING", validity: "once" }, 7)).toBe(discountClaim({ code: "SPRING", validity: "once" }, 8));
    expect(discountClaim({ code: "SPRING", validity: "once-per-user" }, 7)).not.toBe(discountClaim({ code: "SPRING", validity: "once-per-user" }, 8));
    expect(discountClaim({ code: "SPRING", validity: "once-per-user" }, 7)).not.toBe(discountClaim({ code: "SUMMER", validity: "once-per-user" }, 7));
    expect(discountClaim({ code: "ALWAYS", validity: "unlimited" }, 7)).toBeNull();
  });
});
