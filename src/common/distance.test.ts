import { describe, expect, it } from "vitest";
import { shownDistanceKm } from "./distance";

describe("the distance shown between two members", () => {
  it("is in whole kilometres", () => {
    expect(shownDistanceKm(12.4)).toBe(12);
    expect(shownDistanceKm(12.5)).toBe(13);
    expect(shownDistanceKm(1)).toBe(1);
    expect(shownDistanceKm(842.49)).toBe(842);
  });

  it("reads as under 1 km (0) below one kilometre, so that it never places anyone within their town", () => {
    expect(shownDistanceKm(0)).toBe(0);
    expect(shownDistanceKm(0.99)).toBe(0);
    expect(shownDistanceKm(Number.NaN)).toBe(0);
  });
});
