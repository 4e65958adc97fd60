import { describe, expect, it } from "vitest";
import type { GeocodeResult, RegionsResponse } from "../../src/common/schemas/settings";
import { appForFile, type TestApp } from "../support/testApp";

// Region names as people there write them, in the page's language (issue 18).

let t: TestApp;
appForFile((app) => (t = app));

const regionsIn = async (locale: string) => (await t.client({}, locale).get<RegionsResponse>("/api/regions.php")).body.regions;
const nameOf = (regions: RegionsResponse["regions"], country: string, code: string) => regions[country]?.find((r) => r.code === code)?.name;

describe("GET /api/regions.php", () => {
  it("names Dutch provinces in Dutch and German states in German for pages in those languages", async () => {
    const nl = await regionsIn("nl");
    expect(nameOf(nl, "NL", "NH")).toBe("Noord-Holland");
    expect(nameOf(nl, "NL", "ZH")).toBe("Zuid-Holland");
    const de = await regionsIn("de");
    expect(nameOf(de, "DE", "BY")).toBe("Bayern");
    expect(nameOf(de, "DE", "NW")).toBe("Nordrhein-Westfalen");
  });

  it("uses the page language's own name for a region abroad, and the local one where it has none", async () => {
    const de = await regionsIn("de");
    expect(nameOf(de, "NL", "NH")).toBe("Nordholland");
    expect(nameOf(de, "CH", "GE")).toBe("Genf");
    const nl = await regionsIn("nl");
    expect(nameOf(nl, "DE", "BY")).toBe("Beieren");
    const fr = await regionsIn("fr");
    expect(nameOf(fr, "CH", "GE")).toBe("Genève");
    expect(nameOf(fr, "CH", "ZH")).toBe("Zurich");
  });

  it("lists them in the page language's alphabetical order", async () => {
    const names = (await regionsIn("de")).CH.map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
  });

  it("keeps the codes members save, whatever the language", async () => {
    const codes = async (locale: string) => (await regionsIn(locale)).NL.map((r) => r.code).sort();
    expect(await codes("de")).toEqual(await codes("nl"));
  });

  it("is not kept by shared caches, since it follows the language", async () => {
    const res = await t.client({}, "de").get("/api/regions.php");
    expect(res.headers.get("cache-control")).toContain("private");
  });
});

describe("GET /api/geocode.php", () => {
  it("names the region in the page's language", async () => {
    const munich = { lat: "48.137", lon: "11.575" };
    const de = await t.client({}, "de").get<GeocodeResult>(`/api/geocode.php?lat=${munich.lat}&lon=${munich.lon}`);
    expect(de.body).toMatchObject({ country: "DE", region: "BY", region_name: "Bayern" });
    const nl = await t.client({}, "nl").get<GeocodeResult>(`/api/geocode.php?lat=${munich.lat}&lon=${munich.lon}`);
    expect(nl.body.region_name).toBe("Beieren");
  });
});
