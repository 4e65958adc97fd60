import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { assertMayWrite, isVisible, listedSql, notBlockedEitherWayText, photoLocked, reachableText, type VisibilityFacts, type WriteTarget } from "./access";

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

describe("the fragments of lists", () => {
  it("write the block rule as two lookups of blocks, one each way (index lookups, an anti join each over a list), for prepared statements too", () => {
    expect(notBlockedEitherWayText("$1", "p.id")).toBe(
      "NOT (EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = p.id) OR EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id AND b.blocked_id = $1))",
    );
  });

  it("write the listed rule with literals, as the partial search indexes are defined", () => {
    expect(new PgDialect().sqlToQuery(listedSql("p"))).toEqual({ sql: "p.status = 'enabled' AND NOT p.invisible", params: [] });
    expect(reachableText("p")).toBe("p.status = 'enabled'");
  });
});

describe("locked photos", () => {
  it("unlock the first FREE_VISIBLE_PHOTOS for free viewers and visitors, all for premium viewers and the owner", () => {
    expect([0, 1, 2].map((rank) => photoLocked(rank, 7, viewer))).toEqual([false, false, true]);
    expect(photoLocked(2, 7, visitor)).toBe(true);
    expect(photoLocked(9, 7, { ...viewer, paid: true })).toBe(false);
    expect(photoLocked(9, 7, { ...viewer, id: 7 })).toBe(false);
  });
});

describe("who may write", () => {
  const codeOf = (write: () => void) => {
    try {
      write();
      return null;
    } catch (err) {
      return err instanceof AppError ? `${err.status} ${err.code}` : String(err);
    }
  };
  const target: WriteTarget = { account: { siteId: 1, status: "confirmed", name: "Mia" }, visibility: member, blockedByWriter: false, hasConversation: false };

  it("lets a member write to a visible member they did not block, and to their own conversations and photos", () => {
    expect(codeOf(() => assertMayWrite({ member: target }, viewer))).toBeNull();
    expect(codeOf(() => assertMayWrite({ conversation: { siteId: 1, memberA: 3, memberB: 7 } }, viewer))).toBeNull();
    expect(codeOf(() => assertMayWrite({ photo: { profileId: 3 } }, viewer))).toBeNull();
  });

  it("refuses what the writer may not see or does not own as not found, and names who blocked or has not confirmed", () => {
    expect(codeOf(() => assertMayWrite({ member: { ...target, blockedByWriter: true } }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ member: { ...target, visibility: { ...member, invisible: true } } }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ member: { ...target, visibility: { ...member, blockedViewer: true } } }, viewer))).toBe("403 blocked_by");
    const unconfirmed = {
      ...target,
      account: { siteId: 1, status: "not_confirmed", name: "Mia" },
      visibility: { ...member, status: "disabled" },
      hasConversation: true,
    };
    expect(codeOf(() => assertMayWrite({ member: unconfirmed }, viewer))).toBe("403 partner_not_confirmed");
    expect(codeOf(() => assertMayWrite({ conversation: { siteId: 1, memberA: 5, memberB: 7 } }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ conversation: { siteId: 2, memberA: 3, memberB: 7 } }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ conversation: null }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ photo: { profileId: 7 } }, viewer))).toBe("404 not_found");
    expect(codeOf(() => assertMayWrite({ photo: { profileId: 3 } }, visitor))).toBe("404 not_found");
  });
});
