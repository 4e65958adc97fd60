import { describe, expect, it } from "vitest";
import { photoRejectedAlertVisible } from "./photoRejectedAlertVisible";

describe("the rejected-photo banner", () => {
  it("shows while a rejection is open, except on the photo screens that show the reason themselves", () => {
    expect(photoRejectedAlertVisible(1, "members")).toBe(true);
    expect(photoRejectedAlertVisible(0, "members")).toBe(false);
    expect(photoRejectedAlertVisible(2, "profile")).toBe(false);
    expect(photoRejectedAlertVisible(1, "signup")).toBe(false);
  });
});
