import { describe, expect, it } from "vitest";
import { countBadgeText, creditsBadgeVariant } from "./countBadgeText";
import { type EntryWarningInput, entryWarningVisible } from "./entryWarningVisible";
import { footerLinks } from "./Footer";

describe("top bar badges", () => {
  it("caps the unread badge at 99+", () => {
    expect(countBadgeText(99)).toBe("99");
    expect(countBadgeText(100)).toBe("99+");
  });
  it("warns at 10 credits or fewer and is danger at 0", () => {
    expect(creditsBadgeVariant(11)).toBeNull();
    expect(creditsBadgeVariant(10)).toBe("warning");
    expect(creditsBadgeVariant(1)).toBe("warning");
    expect(creditsBadgeVariant(0)).toBe("danger");
  });
});

describe("site-entry warning", () => {
  const base: EntryWarningInput = {
    loggedIn: false,
    installedApp: false,
    dismissed: false,
    enableSiteEntryPopup: "yes",
    country: "BE",
    allowedCountries: ["NL", "BE", "DE"],
    layout: "default",
    routeName: "index",
  };
  it("shows to a visitor from an allowed country", () => {
    expect(entryWarningVisible(base)).toBe(true);
  });
  it("hides for members, the installed app, after dismissal, when switched off, or for other countries", () => {
    expect(entryWarningVisible({ ...base, loggedIn: true })).toBe(false);
    expect(entryWarningVisible({ ...base, installedApp: true })).toBe(false);
    expect(entryWarningVisible({ ...base, dismissed: true })).toBe(false);
    expect(entryWarningVisible({ ...base, enableSiteEntryPopup: "no" })).toBe(false);
    expect(entryWarningVisible({ ...base, country: "US" })).toBe(false);
  });
  it("hides on complete-signup, the password reset pages and the 'this wasn't me' page", () => {
    for (const routeName of ["complete-signup", "reset-password", "reset-password-do", "secure-account"]) {
      expect(entryWarningVisible({ ...base, routeName })).toBe(false);
    }
  });
  it("leaves the legal pages readable, so that a visitor can read what entering accepts", () => {
    for (const routeName of ["pages-terms", "pages-privacy", "pages-cookies", "pages-ban", "pages-return-policy"]) {
      expect(entryWarningVisible({ ...base, routeName })).toBe(false);
    }
    expect(entryWarningVisible({ ...base, routeName: "members" })).toBe(true);
  });
  it("is limited to NL and DE on the chat and lander layouts", () => {
    for (const layout of ["chat", "lander"] as const) {
      expect(entryWarningVisible({ ...base, layout })).toBe(false);
      expect(entryWarningVisible({ ...base, layout, country: "DE" })).toBe(true);
    }
  });
});

describe("footer", () => {
  it("differs for visitors, members and the installed app", () => {
    const paths = (v: "visitor" | "member" | "app") => footerLinks(v).map(([to]) => to);
    expect(paths("member")).toHaveLength(9);
    // Anyone may complain or report content (EU Digital Services Act); returns concern buyers only.
    expect(paths("visitor")).toContain("/complaints");
    expect(paths("visitor")).not.toContain("/pages/return-policy");
    expect(paths("app")).toContain("/lang-config");
  });
});
