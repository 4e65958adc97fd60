import { describe, expect, it } from "vitest";
import { POSE_IDS, pickPose, isPose } from "./verification";

describe("the pose a member is asked for", () => {
  it("is one of 8 to 12 different poses", () => {
    expect(POSE_IDS.length).toBeGreaterThanOrEqual(8);
    expect(POSE_IDS.length).toBeLessThanOrEqual(12);
    expect(new Set(POSE_IDS).size).toBe(POSE_IDS.length);
  });

  it("covers every pose across the range of the random number, the last one included", () => {
    const picked = new Set(Array.from({ length: 100 }, (_, i) => pickPose(null, () => i / 100)));
    expect([...picked].sort()).toEqual([...POSE_IDS].sort());
    expect(pickPose(null, () => 0.999_999_9)).toBe(POSE_IDS.at(-1));
  });

  it("is never the pose asked last time", () => {
    for (const previous of POSE_IDS) for (let i = 0; i < 20; i++) expect(pickPose(previous, () => i / 20)).not.toBe(previous);
  });

  it("tells a pose id from any other text", () => {
    expect(isPose("thumbs_up")).toBe(true);
    expect(isPose("toString")).toBe(false);
    expect(isPose("")).toBe(false);
  });
});
