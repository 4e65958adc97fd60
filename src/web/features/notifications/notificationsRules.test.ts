import { describe, expect, it } from "vitest";
import { disabledNotificationsAlertVisible } from "./disabledNotificationsAlertVisible";
import { disabledReasonKey } from "./disabledReason";

describe("disabled-notifications alert", () => {
  const base = { loggedIn: true, disabled: ["bounce"], routeName: "members", dismissed: false };
  it("shows to a member whose e-mails are disabled", () => {
    expect(disabledNotificationsAlertVisible(base)).toBe(true);
  });
  it("hides for visitors, members with e-mails on, after dismissal, and on settings and notifications", () => {
    expect(disabledNotificationsAlertVisible({ ...base, loggedIn: false })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, disabled: [] })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, dismissed: true })).toBe(false);
    for (const routeName of ["settings", "notifications"]) expect(disabledNotificationsAlertVisible({ ...base, routeName })).toBe(false);
  });
});

describe("why e-mails are off", () => {
  it("names a complaint first, then a bounce, then an unsubscribe", () => {
    expect(disabledReasonKey(["list-unsubscribe", "fbl"])).toBe("notifications.reason_fbl");
    expect(disabledReasonKey(["list-unsubscribe", "bounce"])).toBe("notifications.reason_bounce");
    expect(disabledReasonKey(["list-unsubscribe"])).toBe("notifications.reason_list_unsubscribe");
  });
});
