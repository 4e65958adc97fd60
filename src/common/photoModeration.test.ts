import { describe, expect, it } from "vitest";
import { DEFAULT_PHOTO_MODERATION, newPhotoStatus, photoModerationOf } from "./photoModeration";

describe("a site's photo rule", () => {
  it("is pre-moderation within 24 hours for a site whose settings predate the setting", () => {
    expect(DEFAULT_PHOTO_MODERATION).toBe("pre");
    expect(photoModerationOf({})).toEqual({ mode: "pre", reviewHours: 24 });
  });

  it("follows the site's own choice", () => {
    expect(photoModerationOf({ photo_moderation: "post", photo_review_hours: 6 })).toEqual({ mode: "post", reviewHours: 6 });
  });

  it("keeps a new photo from others until approved under pre-moderation only", () => {
    expect(newPhotoStatus("pre")).toBe("pending");
    expect(newPhotoStatus("post")).toBe("approved");
  });
});
