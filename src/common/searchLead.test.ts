import { describe, expect, it } from "vitest";
import { leadingMembers, leadPhotoIndex } from "./searchLead";

describe("the photo that opens a page of members", () => {
  const withPhoto = (id: number) => ({ id, main_image: { thumb_filename: `/photos/${id}_thumb.jpg` } });
  const without = (id: number) => ({ id, main_image: null });

  it("comes from the results, or from the similar members when nothing matched", () => {
    expect(leadingMembers({ profiles: [withPhoto(1)], similar: [withPhoto(2)] }).map((m) => m.id)).toEqual([1]);
    expect(leadingMembers({ profiles: [], similar: [withPhoto(2), withPhoto(3)] }).map((m) => m.id)).toEqual([2, 3]);
    expect(leadingMembers({ profiles: [], similar: [] })).toEqual([]);
  });

  it("is the first member's with a photo, skipping those without", () => {
    expect(leadPhotoIndex([without(1), without(2), withPhoto(3), withPhoto(4)])).toBe(2);
    expect(leadPhotoIndex([withPhoto(1)])).toBe(0);
    expect(leadPhotoIndex([without(1)])).toBe(-1);
    expect(leadPhotoIndex([])).toBe(-1);
  });
});
