import { describe, expect, it } from "vitest";
import { safeNext } from "./safeNext";

describe("where to go after login", () => {
  it("keeps a path on this site", () => {
    expect(safeNext("/profile#settings")).toBe("/profile#settings");
  });
  it("refuses other hosts and schemes", () => {
    for (const bad of ["//evil.example", "https://evil.example", "javascript:alert(1)", "/\\evil.example", null]) expect(safeNext(bad)).toBe("/");
  });
});
