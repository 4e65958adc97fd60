import { describe, expect, it } from "vitest";
import { isOverdue } from "./complaintsQueue.service";

describe("an overdue complaint", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);

  it("is one left without an answer for more than 48 hours", () => {
    expect(isOverdue({ status: "open", createdAt: at(47), answeredAt: null }, now)).toBe(false);
    expect(isOverdue({ status: "open", createdAt: at(49), answeredAt: null }, now)).toBe(true);
  });

  it("is never an answered or a closed one", () => {
    expect(isOverdue({ status: "answered", createdAt: at(100), answeredAt: at(60) }, now)).toBe(false);
    expect(isOverdue({ status: "closed", createdAt: at(100), answeredAt: null }, now)).toBe(false);
  });
});
