import { describe, expect, it } from "vitest";
import { installedBackTarget, showInstalledBack } from "./installedBack";

describe("the installed app's back button", () => {
  it("shows on inner pages of the installed app only, not on the pages one starts from", () => {
    expect(showInstalledBack(false, "members-id")).toBe(false);
    for (const route of ["members-id", "chats-id", "likes-m-id", "profile", "notifications", "credits", "pages-terms", "transactions"]) {
      expect(showInstalledBack(true, route), route).toBe(true);
    }
    for (const route of ["index", "members", "chats", "likes", "login", "signup"]) expect(showInstalledBack(true, route), route).toBe(false);
    expect(showInstalledBack(true, null)).toBe(false);
  });

  it("goes back in the app's history, or to the start page when the app was opened on this page", () => {
    expect(installedBackTarget(3)).toBe(-1);
    expect(installedBackTarget(0)).toBe("/members");
    expect(installedBackTarget(undefined)).toBe("/members");
  });
});
