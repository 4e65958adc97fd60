import { describe, expect, it } from "vitest";
import { distanceKm, placeOf, plainName } from "./places";

describe("a member's place", () => {
  it("is their town's point, rounded to two decimals", () => {
    expect(placeOf("CH", "ZH", "Zürich")).toEqual({ latitude: 47.37, longitude: 8.55 });
    expect(placeOf("CH", "ZH", "zurich")).toEqual({ latitude: 47.37, longitude: 8.55 });
    expect(placeOf("NL", "NH", "Amsterdam")).toEqual({ latitude: 52.37, longitude: 4.89 });
  });

  it("is never finer than the town: a quarter counts as its town", () => {
    expect(plainName("Zürich (Kreis 1) / City")).toBe("zurich");
    expect(placeOf("CH", "ZH", "Zürich (Kreis 3) / Alt-Wiedikon")).toEqual(placeOf("CH", "ZH", "Zürich"));
  });

  it("falls back to the region, then to the country, and is unknown without a country", () => {
    expect(placeOf("CH", "ZH", "Nowhere-on-Sea")).toEqual({ latitude: 47.36, longitude: 8.64 });
    expect(placeOf("CH", null, null)).toEqual({ latitude: 47, longitude: 8 });
    expect(placeOf(null, "ZH", "Zürich")).toBeNull();
  });
});

describe("distance", () => {
  it("is the great-circle distance in kilometres", () => {
    const zurich = { latitude: 47.37, longitude: 8.55 };
    const winterthur = { latitude: 47.5, longitude: 8.72 };
    expect(distanceKm(zurich, zurich)).toBe(0);
    expect(distanceKm(zurich, winterthur)).toBeGreaterThan(18);
    expect(distanceKm(zurich, winterthur)).toBeLessThan(21);
  });
});
