import { describe, expect, it } from "vitest";
import { dismissalHolds } from "../../stores/dismissals";
import { type BannerKind, chooseBanner, type Eligibility, modalMayOpen } from "./bannerPriority";

const none: Record<BannerKind, Eligibility> = {
  activation: false,
  "photo-rejected": false,
  photo: false,
  "time-bonus": false,
  "disabled-notifications": false,
  push: false,
};

describe("one banner at a time", () => {
  it("shows the most important eligible banner only", () => {
    const all = { activation: true, "photo-rejected": true, photo: true, "time-bonus": true, "disabled-notifications": true, push: true };
    expect(chooseBanner(all, "members")).toBe("activation");
    expect(chooseBanner({ ...all, activation: false }, "members")).toBe("disabled-notifications");
    expect(chooseBanner({ ...none, "photo-rejected": true, photo: true, "time-bonus": true }, "members")).toBe("photo-rejected");
    expect(chooseBanner({ ...none, photo: true, "time-bonus": true, push: true }, "members")).toBe("photo");
    expect(chooseBanner({ ...none, "time-bonus": true, push: true }, "members")).toBe("time-bonus");
    expect(chooseBanner({ ...none, push: true }, "chats")).toBe("push");
    expect(chooseBanner(none, "chats")).toBeNull();
  });

  it("puts the time bonus first on the credits page", () => {
    expect(chooseBanner({ ...none, activation: true, photo: true, "time-bonus": true }, "credits")).toBe("time-bonus");
    expect(chooseBanner({ ...none, activation: true }, "credits")).toBe("activation");
  });

  it("waits while a more important banner is unknown, not while a less important one is", () => {
    expect(chooseBanner({ ...none, "photo-rejected": "unknown", photo: true }, "members")).toBe("pending");
    expect(chooseBanner({ ...none, push: "unknown" }, "members")).toBe("pending");
    expect(chooseBanner({ ...none, photo: true, push: "unknown" }, "members")).toBe("photo");
  });
});

describe("modals and banners", () => {
  it("opens no modal over a banner on the first page of a visit", () => {
    expect(modalMayOpen({ banner: "photo", firstPageOfVisit: true })).toBe(false);
    expect(modalMayOpen({ banner: "pending", firstPageOfVisit: true })).toBe(false);
    expect(modalMayOpen({ banner: null, firstPageOfVisit: true })).toBe(true);
    expect(modalMayOpen({ banner: "photo", firstPageOfVisit: false })).toBe(true);
  });
});

describe("dismissals", () => {
  const day = 24 * 60 * 60 * 1000;
  const at = Date.UTC(2026, 0, 1);
  it("keeps the push prompt away for a week after Not now, then asks again", () => {
    expect(dismissalHolds("hide-push-notification-alert", at, at + 6 * day)).toBe(true);
    expect(dismissalHolds("hide-push-notification-alert", at, at + 7 * day)).toBe(false);
  });
  it("lets each kind expire after its own time", () => {
    expect(dismissalHolds("hide-enrich-alert", at, at + 2 * day)).toBe(true);
    expect(dismissalHolds("hide-enrich-alert", at, at + 3 * day)).toBe(false);
    expect(dismissalHolds("hide-entry-warning", at, at + 29 * day)).toBe(true);
    expect(dismissalHolds("hide-entry-warning", at, at + 30 * day)).toBe(false);
    expect(dismissalHolds("hide-time-bonus-modal", at, at + 365 * day)).toBe(true);
  });
  it("holds a choice made for good, and nothing when never dismissed", () => {
    expect(dismissalHolds("hide-push-notification-alert", Number.POSITIVE_INFINITY, at + 365 * day)).toBe(true);
    expect(dismissalHolds("hide-push-notification-alert", null, at)).toBe(false);
  });
});
