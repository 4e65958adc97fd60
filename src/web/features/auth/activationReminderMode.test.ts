import { describe, expect, it } from "vitest";
import { activationReminderMode } from "./activationReminderMode";

const base = {
  status: "not_confirmed",
  profileStatus: "disabled",
  notificationsDisabled: false,
  routeName: "members",
  signupComplete: false,
  smartphone: false,
} as const;

describe("the activation reminder", () => {
  it("is a modal right after signup on a smartphone, an alert otherwise", () => {
    expect(activationReminderMode({ ...base, signupComplete: true, smartphone: true })).toBe("modal");
    expect(activationReminderMode({ ...base, signupComplete: true })).toBe("alert");
    expect(activationReminderMode({ ...base, smartphone: true })).toBe("alert");
  });

  it("is not shown to confirmed members, with notifications disabled, or on signup, settings and notifications", () => {
    expect(activationReminderMode({ ...base, status: "confirmed" })).toBeNull();
    expect(activationReminderMode({ ...base, profileStatus: "enabled" })).toBeNull();
    expect(activationReminderMode({ ...base, notificationsDisabled: true })).toBeNull();
    for (const routeName of ["signup", "complete-signup", "profile", "notifications"]) expect(activationReminderMode({ ...base, routeName })).toBeNull();
  });
});
