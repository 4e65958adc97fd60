import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EYE_COLORS, HAIR_COLORS } from "../../common/profileOptions";
import { avatarSvg } from "./avatarSvg";
import { renderAvatar } from "./renderAvatar";

describe("renderAvatar", () => {
  it("returns a 720x900 JPEG", async () => {
    const jpeg = await renderAvatar({ seed: 1, gender: "female", age: 30, hairColor: "brown", eyeColor: "blue" });
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(720);
    expect(meta.height).toBe(900);
    expect(jpeg[0]).toBe(0xff);
    expect(jpeg[1]).toBe(0xd8);
  });

  it("is deterministic per seed and differs between seeds", async () => {
    const options = { seed: 42, gender: "male", age: 44, hairColor: "black", eyeColor: "brown" } as const;
    const a = await renderAvatar(options);
    const b = await renderAvatar(options);
    const c = await renderAvatar({ ...options, seed: 43 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it("draws every hair and eye colour for both genders and all ages", async () => {
    let seed = 100;
    for (const gender of ["male", "female"] as const) {
      for (const hairColor of HAIR_COLORS) {
        for (const eyeColor of EYE_COLORS) {
          for (const age of [18, 35, 52, 70]) {
            const svg = avatarSvg({ seed: seed++, gender, age, hairColor, eyeColor });
            expect(svg.startsWith("<svg")).toBe(true);
            expect(svg).not.toContain("NaN");
            expect(svg).not.toContain("undefined");
          }
        }
      }
    }
    const jpeg = await renderAvatar({ seed: 7, gender: "male", age: 66, hairColor: "bald", eyeColor: "grey" });
    expect((await sharp(jpeg).metadata()).width).toBe(720);
  });

  it("uses no remote resources or fonts", () => {
    for (let seed = 0; seed < 200; seed++) {
      const svg = avatarSvg({ seed, gender: seed % 2 ? "male" : "female", age: 20 + (seed % 50), hairColor: "blond", eyeColor: "green" });
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/http|<image|<text|font|href/);
    }
  });

  it("keeps the seeds' element ids unique", () => {
    for (let seed = 0; seed < 200; seed++) {
      const svg = avatarSvg({ seed, gender: seed % 2 ? "male" : "female", age: 30 + (seed % 40), hairColor: "red", eyeColor: "hazel" });
      const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
