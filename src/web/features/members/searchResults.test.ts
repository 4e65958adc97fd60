import { describe, expect, it } from "vitest";
import type { SearchResponse } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import { searchResultView } from "./searchResults";

const card = (id: number): MemberCard => ({
  id,
  name: `M${id}`,
  age: 30,
  gender: "male",
  country: null,
  region: null,
  city: null,
  main_image: null,
  fictional: false,
  verified: false,
  distance_km: null,
  activity: null,
});
const page = (ids: number[], similar: number[] = [], total = 50): SearchResponse => ({
  profiles: ids.map(card),
  total,
  next_cursor: null,
  similar: similar.map(card),
  filters: { sort: "newest" },
});

describe("search results", () => {
  it("joins the loaded pages and takes the total from the first", () => {
    const view = searchResultView([page([1, 2], [], 4), page([3, 4], [], 5)]);
    expect(view.profiles.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(view.total).toBe(4);
  });

  it("shows each member once, exact matches before similar ones", () => {
    const view = searchResultView([page([1, 2], [2, 7, 8]), page([2, 8, 9])]);
    expect(view.profiles.map((m) => m.id)).toEqual([1, 2, 8, 9]);
    expect(view.similar.map((m) => m.id)).toEqual([7]);
  });

  it("is empty before anything loaded", () => {
    expect(searchResultView([])).toEqual({ total: 0, profiles: [], similar: [] });
  });
});

describe("interest chips", () => {
  it("adds an interest, removes it on a second click, and stops at the maximum", async () => {
    const { toggleInterest } = await import("./toggleInterest");
    expect(toggleInterest(["music"], "art")).toEqual(["music", "art"]);
    expect(toggleInterest(["music", "art"], "music")).toEqual(["art"]);
    expect(toggleInterest(["a", "b"], "c", 2)).toEqual(["a", "b"]);
    expect(toggleInterest(["a", "b"], "b", 2)).toEqual(["a"]);
  });
});
