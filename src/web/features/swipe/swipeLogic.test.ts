import { describe, expect, it } from "vitest";
import type { MemberCard } from "../../../common/schemas/user";
import { canSwipe, dragTransform, keyAction, mergeDeck, needsRefill, stampOpacity, swipeDecision, swipeThreshold } from "./swipeLogic";

const card = (id: number): MemberCard => ({
  id,
  name: `M${id}`,
  age: 30,
  gender: "female",
  country: null,
  region: null,
  city: null,
  main_image: null,
  fictional: false,
  verified: false,
  distance_km: null,
  activity: null,
});

describe("swipe game", () => {
  it("needs a drag of a quarter of the card width, at least 80 px", () => {
    expect(swipeThreshold(400)).toBe(100);
    expect(swipeThreshold(200)).toBe(80);
  });

  it("likes on a drag to the right and passes on a drag to the left past the threshold", () => {
    expect(swipeDecision(100, 400)).toBe("like");
    expect(swipeDecision(250, 400)).toBe("like");
    expect(swipeDecision(-100, 400)).toBe("pass");
  });

  it("snaps back after a short drag", () => {
    expect(swipeDecision(99, 400)).toBeNull();
    expect(swipeDecision(-99, 400)).toBeNull();
    expect(swipeDecision(0, 400)).toBeNull();
    expect(swipeDecision(79, 200)).toBeNull();
  });

  it("tilts the dragged card at most 15 degrees", () => {
    expect(dragTransform(0)).toBe("translate(0px, 0px) rotate(0deg)");
    expect(dragTransform(36, 4)).toBe("translate(36px, 4px) rotate(2deg)");
    expect(dragTransform(-1000)).toBe("translate(-1000px, 0px) rotate(-15deg)");
  });

  it("fades in the like or pass stamp up to the threshold", () => {
    expect(stampOpacity(50, 400)).toEqual({ like: 0.5, pass: 0 });
    expect(stampOpacity(-300, 400)).toEqual({ like: 0, pass: 1 });
    expect(stampOpacity(0, 400)).toEqual({ like: 0, pass: 0 });
  });

  it("maps the arrow keys: right likes, left passes", () => {
    expect(keyAction("ArrowRight")).toBe("like");
    expect(keyAction("ArrowLeft")).toBe("pass");
    expect(keyAction("Enter")).toBeNull();
  });

  it("adds fetched cards under the stack without repeats or members already swiped", () => {
    const merged = mergeDeck([card(1), card(2)], [card(2), card(3), card(4), card(3), card(5)], new Set([4]));
    expect(merged.map((c) => c.id)).toEqual([1, 2, 3, 5]);
  });

  it("refills when fewer than 3 cards are left, unless loading or nothing more exists", () => {
    expect(needsRefill(2, false, false)).toBe(true);
    expect(needsRefill(3, false, false)).toBe(false);
    expect(needsRefill(0, true, false)).toBe(false);
    expect(needsRefill(0, false, true)).toBe(false);
  });

  it("refuses likes without likes left, but passing goes on", () => {
    expect(canSwipe("like", 0)).toBe(false);
    expect(canSwipe("like", 1)).toBe(true);
    expect(canSwipe("pass", 0)).toBe(true);
  });
});
