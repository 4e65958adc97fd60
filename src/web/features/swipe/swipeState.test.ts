import { describe, expect, it } from "vitest";
import type { MemberCard } from "../../../common/schemas/user";
import { initialSwipeState, swipeReducer } from "./swipeState";

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
const loaded = (ids: number[], likesLeft = 4) => ({ type: "loaded" as const, deck: { profiles: ids.map(card), likes_left: likesLeft } });

describe("swipe game stack", () => {
  it("starts with the first deck and today's likes", () => {
    const state = swipeReducer(initialSwipeState, loaded([1, 2, 3], 4));
    expect(state.stack.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(state.likesLeft).toBe(4);
    expect(state.exhausted).toBe(false);
  });

  it("takes the top card off on a swipe and counts a like at once", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2, 3], 4));
    state = swipeReducer(state, { type: "swiped", id: 1, action: "like" });
    expect(state.stack.map((c) => c.id)).toEqual([2, 3]);
    expect(state.likesLeft).toBe(3);
    state = swipeReducer(state, { type: "swiped", id: 2, action: "pass" });
    expect(state.likesLeft).toBe(3);
    expect(state.swiped).toEqual([1, 2]);
  });

  it("ignores a swipe of a card that is not on top (a double click)", () => {
    const state = swipeReducer(initialSwipeState, loaded([1, 2]));
    expect(swipeReducer(state, { type: "swiped", id: 2, action: "pass" })).toBe(state);
  });

  it("takes the server's count of likes left", () => {
    const state = swipeReducer(swipeReducer(initialSwipeState, loaded([1])), { type: "answered", likesLeft: 1 });
    expect(state.likesLeft).toBe(1);
  });

  it("does not give back likes already used when answers to overlapping likes come late or out of order", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2, 3, 4, 5], 4));
    for (const id of [1, 2, 3, 4]) state = swipeReducer(state, { type: "swiped", id, action: "like" });
    expect(state.likesLeft).toBe(0);
    // The third like's answer, sent before the fourth reached the server, says 1: the limit stays.
    state = swipeReducer(state, { type: "answered", likesLeft: 1 });
    expect(state.likesLeft).toBe(0);
    state = swipeReducer(state, { type: "answered", likesLeft: 0 });
    state = swipeReducer(state, { type: "answered", likesLeft: 3 });
    state = swipeReducer(state, { type: "answered", likesLeft: 2 });
    expect(state.likesLeft).toBe(0);
    expect(state.pending).toBe(0);
  });

  it("takes a deck's count when nothing is in flight, and only a lower one while likes are", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2, 3], 2));
    state = swipeReducer(state, { type: "swiped", id: 1, action: "like" });
    state = swipeReducer(state, loaded([2, 3, 4], 2));
    expect(state.likesLeft).toBe(1);
    state = swipeReducer(state, { type: "answered", likesLeft: 1 });
    // A new day's deck (nothing in flight) gives the likes back.
    state = swipeReducer(state, loaded([2, 3, 4], 4));
    expect(state.likesLeft).toBe(4);
  });

  it("puts a refused like back on top with no likes left, so it can be passed", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2], 1));
    state = swipeReducer(state, { type: "swiped", id: 1, action: "like" });
    state = swipeReducer(state, { type: "refused", card: card(1) });
    expect(state.stack.map((c) => c.id)).toEqual([1, 2]);
    expect(state.likesLeft).toBe(0);
    expect(state.swiped).toEqual([]);
  });

  it("puts a card that could not be sent back, with its like", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2], 2));
    state = swipeReducer(state, { type: "swiped", id: 1, action: "like" });
    state = swipeReducer(state, { type: "failed", card: card(1), action: "like" });
    expect(state.stack.map((c) => c.id)).toEqual([1, 2]);
    expect(state.likesLeft).toBe(2);
  });

  it("adds new cards under the stack and ends when a fetch brings nothing new", () => {
    let state = swipeReducer(initialSwipeState, loaded([1, 2]));
    state = swipeReducer(state, { type: "swiped", id: 1, action: "pass" });
    state = swipeReducer(state, loaded([1, 2, 3]));
    expect(state.stack.map((c) => c.id)).toEqual([2, 3]);
    expect(state.exhausted).toBe(false);
    state = swipeReducer(state, loaded([2, 3]));
    expect(state.exhausted).toBe(true);
  });
});
