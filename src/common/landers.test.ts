import { describe, expect, it } from "vitest";
import { isLander, landerNiche, landerPath, nicheOfSetting } from "./landers";

describe("landers and niches", () => {
  it("reads the site's niche by number and a niche from the slug", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nicheOfSetting)).toEqual(["default", "she", "bdsm", "bbw", "gilf", "milf", "gay"]);
    expect(nicheOfSetting(9)).toBe("default");
    expect(landerNiche("milf", 1)).toBe("milf");
    expect(landerNiche(undefined, 7)).toBe("gay");
    expect(landerNiche("summer-campaign", 4)).toBe("bbw");
  });

  it("builds lander paths with the niche's slug, none for the default niche", () => {
    expect(landerPath("gallery", "default")).toBe("/landers/gallery");
    expect(landerPath("video", "gilf")).toBe("/landers/video/gilf");
    expect(isLander("maplanding")).toBe(true);
    expect(isLander("tinderswipe")).toBe(false);
    expect(isLander("../etc")).toBe(false);
  });
});
