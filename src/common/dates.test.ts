import { afterEach, describe, expect, it, vi } from "vitest";
import { ageOn, isIsoDate } from "./dates";

afterEach(() => {
  vi.useRealTimers();
});

describe("ageOn", () => {
  it("counts whole years on the UTC date", () => {
    const today = new Date("2026-11-22T10:00:00Z");
    expect(ageOn("1996-11-22", today)).toBe(30);
    expect(ageOn("1996-11-23", today)).toBe(29);
    expect(ageOn("1996-12-01", today)).toBe(29);
    expect(ageOn("1996-01-31", today)).toBe(30);
    // Born on 29 February: a year older on 1 March in years without one.
    expect(ageOn("2000-02-29", new Date("2026-02-28T23:59:59Z"))).toBe(25);
    expect(ageOn("2000-02-29", new Date("2026-03-01T00:00:00Z"))).toBe(26);
  });

  it("uses today's date when none is given, also after the clock passes midnight (either way)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T23:59:59Z"));
    expect(ageOn("1996-11-22")).toBe(29);
    vi.setSystemTime(new Date("2026-11-22T00:00:00Z"));
    expect(ageOn("1996-11-22")).toBe(30);
    vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
    expect(ageOn("1996-11-22")).toBe(29);
  });

  it("knows real dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("1990-1-1")).toBe(false);
  });
});
