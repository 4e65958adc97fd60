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
  it("lists the provinces and states members pick from, as people there write them", () => {
    const nl = regionsOf("NL").map((r) => r.name);
    expect(nl).toContain("Noord-Holland");
    expect(nl).toHaveLength(12);
    expect(regionsOf("DE").map((r) => r.name)).toContain("Bayern");
    expect(regionsOf("SE").map((r) => r.name)).toContain("Stockholms län");
    expect(regionsOf("ES").map((r) => r.name)).toContain("Comunidad de Madrid");
    expect(regionsOf("FR")).toHaveLength(13);
    expect(regionsOf("DE")).toHaveLength(16);
  });
});

describe("region names in the page's language", () => {
  it("uses the language's own name where it has one, else the local one", () => {
    const name = (country: string, code: string, language: "de" | "nl" | "fr" | "pl" | "en") => regionsOf(country, language).find((r) => r.code === code)?.name;
    expect(name("NL", "NH", "nl")).toBe("Noord-Holland");
    expect(name("DE", "BY", "de")).toBe("Bayern");
    expect(name("CH", "GE", "de")).toBe("Genf");
    expect(name("CH", "GE", "fr")).toBe("Genève");
    expect(name("DE", "BY", "nl")).toBe("Beieren");
    expect(name("PL", "MZ", "pl")).toBe("mazowieckie");
    expect(name("NL", "NH", "en")).toBe("Noord-Holland");
  });

  it("sorts in the language's alphabetical order", () => {
    const names = regionsOf("CH", "de").map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
  });
});

describe("reverse geocoding", () => {
  it("finds country, region and city of a point, offline", () => {
    expect(reverseGeocode(52.3676, 4.9041)).toMatchObject({ country: "NL", region: "NH", city: "Amsterdam" });
    expect(reverseGeocode(48.8566, 2.3522)).toMatchObject({ country: "FR", region_name: "Île-de-France" });
    expect(reverseGeocode(48.137, 11.575, "de")).toMatchObject({ country: "DE", region: "BY", region_name: "Bayern" });
  });
  it("knows nothing in the middle of the ocean", () => {
    expect(reverseGeocode(0, -30)).toEqual({ country: null, region: null, region_name: null, city: null });
  });
});
