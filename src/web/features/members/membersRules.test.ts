import { describe, expect, it } from "vitest";
import type { LikesResponse } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import { fictionalLegend } from "./fictionalLegend";
import { delayFromQuery, likeModalDelayMs } from "./likeModalDelay";
import { likedByAfterViewing, likesTabCounts, likesTabEntries, likesTabOf } from "./likesTabs";
import { type ProfilePhotoAlertInput, profilePhotoAlertVisible } from "./profilePhotoAlertVisible";

const card = (id: number): MemberCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  gender: "female",
  country: "NL",
  region: null,
  city: null,
  main_image: null,
  fictional: false,
  verified: false,
  distance_km: null,
  activity: null,
});

const likes: LikesResponse = {
  profiles: [card(1), card(2), card(3), card(4)],
  liked_by: [
    { id: 1, like_new: false, created_at: "2024-05-03T10:00:00Z" },
    { id: 2, like_new: true, created_at: "2024-05-01T10:00:00Z" },
    { id: 3, like_new: true, created_at: "2024-05-02T10:00:00Z" },
    { id: 99, like_new: true, created_at: "2024-05-04T10:00:00Z" },
  ],
  likes: [
    { id: 4, created_at: "2024-05-01T10:00:00Z" },
    { id: 1, created_at: "2024-05-05T10:00:00Z" },
  ],
  matches: [{ id: 1, created_at: "2024-05-05T10:00:00Z" }],
};

describe("likes page", () => {
  it("knows its three tabs, with received at /likes and a 404 for anything else", () => {
    expect(likesTabOf(undefined)).toBe("received");
    expect(likesTabOf("sent")).toBe("sent");
    expect(likesTabOf("matches")).toBe("matches");
    expect(likesTabOf("m")).toBeNull();
  });

  it("lists received likes new ones first, each group newest first, marked new", () => {
    const entries = likesTabEntries(likes, "received");
    expect(entries.map((e) => e.member.id)).toEqual([3, 2, 1]);
    expect(entries.map((e) => e.isNew)).toEqual([true, true, false]);
  });

  it("lists sent likes and matches newest first, never marked new", () => {
    expect(likesTabEntries(likes, "sent").map((e) => [e.member.id, e.isNew])).toEqual([
      [1, false],
      [4, false],
    ]);
    expect(likesTabEntries(likes, "matches").map((e) => e.member.id)).toEqual([1]);
  });

  it("counts each tab and the new likes", () => {
    expect(likesTabCounts(likes)).toEqual({ received: 4, sent: 2, matches: 1, newLikes: 3 });
  });

  it("clears the new flag of a liker whose profile was opened, and only then", () => {
    const after = likedByAfterViewing(likes.liked_by, 2);
    expect(after?.find((l) => l.id === 2)?.like_new).toBe(false);
    expect(after?.filter((l) => l.like_new)).toHaveLength(2);
    expect(likedByAfterViewing(likes.liked_by, 1)).toBeNull();
    expect(likedByAfterViewing(likes.liked_by, 42)).toBeNull();
  });
});

describe("profile-photo alert", () => {
  const base: ProfilePhotoAlertInput = { loggedIn: true, hasMainImage: false, routeName: "members", dismissed: false };
  it("shows to a logged-in member without a main photo", () => {
    expect(profilePhotoAlertVisible(base)).toBe(true);
    expect(profilePhotoAlertVisible({ ...base, routeName: null })).toBe(true);
  });
  it("hides for visitors, members with a main photo, and after dismissal", () => {
    expect(profilePhotoAlertVisible({ ...base, loggedIn: false })).toBe(false);
    expect(profilePhotoAlertVisible({ ...base, hasMainImage: true })).toBe(false);
    expect(profilePhotoAlertVisible({ ...base, dismissed: true })).toBe(false);
  });
  it("hides on the profile, signup, activation, premium, notification, direct-debit and settings routes, and on the 'this wasn't me' page", () => {
    for (const routeName of ["profile", "signup", "activate-done", "premium", "notifications", "directdebit", "settings", "secure-account"]) {
      expect(profilePhotoAlertVisible({ ...base, routeName })).toBe(false);
    }
  });
});

describe("like modal timing", () => {
  it("reads t in seconds from the query, ignoring junk", () => {
    expect(delayFromQuery("?t=10")).toBe(10);
    expect(delayFromQuery("?t=0")).toBe(0);
    expect(delayFromQuery("?t=2.5&x=1")).toBe(2.5);
    expect(delayFromQuery("?t=")).toBeNull();
    expect(delayFromQuery("?t=-3")).toBeNull();
    expect(delayFromQuery("?t=soon")).toBeNull();
    expect(delayFromQuery("")).toBeNull();
    expect(delayFromQuery("?t=99999999")).toBe(86_400);
  });
  it("waits t seconds when given, on any page", () => {
    expect(likeModalDelayMs({ queryDelayS: 5, routeName: "profile", askedThisSession: false })).toBe(5000);
  });
  it("otherwise waits 45 seconds, only in the members area", () => {
    expect(likeModalDelayMs({ queryDelayS: null, routeName: "members-id", askedThisSession: false })).toBe(45_000);
    expect(likeModalDelayMs({ queryDelayS: null, routeName: "likes", askedThisSession: false })).toBe(45_000);
    expect(likeModalDelayMs({ queryDelayS: null, routeName: "profile", askedThisSession: false })).toBeNull();
  });
  it("asks once per browser session", () => {
    expect(likeModalDelayMs({ queryDelayS: 5, routeName: "members", askedThisSession: true })).toBeNull();
  });
});

describe("member id in the address", () => {
  it("accepts positive whole numbers up to the largest id", async () => {
    const { parseMemberId } = await import("./parseMemberId");
    expect(parseMemberId("42")).toBe(42);
    expect(parseMemberId("2147483647")).toBe(2_147_483_647);
    for (const bad of [undefined, "", "0", "-1", "01", "1.5", "abc", "2147483648", "12345678901"]) expect(parseMemberId(bad)).toBeNull();
  });
});

describe("fictional profiles shown together", () => {
  const list = (...fictional: boolean[]) => fictional.map((f, i) => ({ ...card(i + 1), fictional: f }));
  it("are counted under the list in the site's plural words when there are several", () => {
    expect(fictionalLegend(list(true, false, true, true), "fictional profiles")).toBe("3 fictional profiles");
  });
  it("get no note when there is one or none, or when the site has no plural words", () => {
    expect(fictionalLegend(list(true, false), "fictional profiles")).toBeNull();
    expect(fictionalLegend(list(false, false), "fictional profiles")).toBeNull();
    expect(fictionalLegend(list(true, true), " ")).toBeNull();
  });
});
