import { describe, expect, it } from "vitest";
import { countryOfIp } from "./geoip";
import { regionsOf } from "./regions";
import { reverseGeocode } from "./reverseGeocode";

describe("GeoIP", () => {
  it("places public addresses from the packaged database and not local ones", () => {
    expect(countryOfIp("81.2.69.160")).toBe("GB");
    expect(countryOfIp("::ffff:81.2.69.160")).toBe("GB");
    expect(countryOfIp("127.0.0.1")).toBeNull();
    expect(countryOfIp("not an ip")).toBeNull();
  });
});

describe("regions", () => {
  it("lists the provinces and states members pick from", () => {
    const nl = regionsOf("NL").map((r) => r.name);
    expect(nl).toContain("North Holland");
    expect(nl).toHaveLength(12);
    expect(regionsOf("FR")).toHaveLength(13);
    expect(regionsOf("DE")).toHaveLength(16);
  });
});

describe("reverse geocoding", () => {
  it("finds country, region and city of a point, offline", () => {
    expect(reverseGeocode(52.3676, 4.9041)).toMatchObject({ country: "NL", region: "NH", city: "Amsterdam" });
    expect(reverseGeocode(48.8566, 2.3522)).toMatchObject({ country: "FR", region_name: "Île-de-France" });
  });
  it("knows nothing in the middle of the ocean", () => {
    expect(reverseGeocode(0, -30)).toEqual({ country: null, region: null, region_name: null, city: null });
  });
});
