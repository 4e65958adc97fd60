import { describe, expect, it } from "vitest";
import { isVisible, type VisibilityFacts } from "./visibility";

const member: VisibilityFacts = {
  id: 7,
  name: "Mia",
  status: "enabled",
  invisible: false,
  deletionRequestedAt: null,
  blockedViewer: false,
  likesViewer: false,
};
const viewer = { id: 3, siteId: 1, paid: false };
const visitor = { id: null, siteId: 1, paid: false };

describe("who may see a member (for files)", () => {
  it("shows an enabled member to members and visitors", () => {
    expect(isVisible(member, viewer)).toBe(true);
    expect(isVisible(member, visitor)).toBe(true);
  });

  it("hides a member who is unknown, disabled, leaving or blocking the viewer", () => {
    expect(isVisible(undefined, viewer)).toBe(false);
    expect(isVisible({ ...member, status: "disabled" }, viewer)).toBe(false);
    expect(isVisible({ ...member, deletionRequestedAt: new Date() }, viewer)).toBe(false);
    expect(isVisible({ ...member, blockedViewer: true }, viewer)).toBe(false);
  });

  it("hides an invisible member except from someone they liked, and from themselves", () => {
    const invisible = { ...member, invisible: true };
    expect(isVisible(invisible, viewer)).toBe(false);
    expect(isVisible(invisible, visitor)).toBe(false);
    expect(isVisible({ ...invisible, likesViewer: true }, viewer)).toBe(true);
    expect(isVisible(invisible, { ...viewer, id: 7 })).toBe(true);
  });
});
