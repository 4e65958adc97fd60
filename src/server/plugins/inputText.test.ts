import { describe, expect, it } from "vitest";
import { unstorableField } from "./inputText";

describe("text no field may hold", () => {
  it("names the field, at any depth, that holds a NUL byte or a lone surrogate", () => {
    expect(unstorableField({ to: 3, text: "hi\u0000" })).toBe("text");
    expect(unstorableField({ tracking: { ref: "\ud800" } })).toBe("tracking.ref");
    expect(unstorableField({ events: [{ email: "a@b.c" }, { email: "x\udc00" }] })).toBe("events.1.email");
    expect(unstorableField("id=1\u0000")).toBe("body");
  });
  it("refuses such text in a key too", () => {
    expect(unstorableField({ "a\u0000": 1 })).toBe("body");
    expect(unstorableField({ tracking: { "\ud800": "x" } })).toBe("tracking");
  });
  it("takes everything else, emoji and line breaks included", () => {
    expect(unstorableField({ text: "Hallo 😀\nwie geht's?", n: 1, ok: true, none: null, list: ["a", 2] })).toBeNull();
    expect(unstorableField(undefined)).toBeNull();
    expect(unstorableField(Buffer.from([0, 0xd8]))).toBeNull();
  });
  it("walks a deeply nested body without running out of stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableField(deep)).toMatch(/^0(\.0)+$/);
  });
});
