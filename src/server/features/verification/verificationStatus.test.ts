import { describe, expect, it } from "vitest";
import { verificationStatusOf } from "./verification.service";

const at = new Date("2026-11-20T10:00:00Z");

describe("where a member stands with the photo verification", () => {
  it("is none before any request, and says whether an approved photo allows one", () => {
    expect(verificationStatusOf(null, null, false)).toEqual({ state: "none", pose: null, reason: null, has_approved_photo: false, verified_at: null });
    expect(verificationStatusOf(null, null, true).has_approved_photo).toBe(true);
  });

  it("shows the pose of a started or waiting request", () => {
    expect(verificationStatusOf({ status: "started", pose: "wave", rejectionReason: null }, null, true)).toMatchObject({ state: "started", pose: "wave" });
    expect(verificationStatusOf({ status: "pending", pose: "ok_sign", rejectionReason: null }, null, true)).toMatchObject({
      state: "pending",
      pose: "ok_sign",
      reason: null,
    });
  });

  it("tells the reason of a rejection", () => {
    expect(verificationStatusOf({ status: "rejected", pose: "wave", rejectionReason: "face_not_visible" }, null, true)).toMatchObject({
      state: "rejected",
      reason: "face_not_visible",
    });
  });

  it("is verified for good once approved, whatever the photos are now", () => {
    expect(verificationStatusOf({ status: "approved", pose: "wave", rejectionReason: null }, at, false)).toEqual({
      state: "verified",
      pose: null,
      reason: null,
      has_approved_photo: false,
      verified_at: "2026-11-20T10:00:00.000Z",
    });
  });
});
