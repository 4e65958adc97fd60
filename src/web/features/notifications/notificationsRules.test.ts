import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../../common/routes";
import { DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON, disabledNotificationsAlertVisible } from "./disabledNotificationsAlertVisible";
import { disabledReasonKey } from "./disabledReason";

describe("disabled-notifications alert", () => {
  const base = { loggedIn: true, disabled: ["bounce"], routeName: "members", hash: "", dismissed: false };
  it("shows to a member whose e-mails are disabled", () => {
    expect(disabledNotificationsAlertVisible(base)).toBe(true);
  });
  it("hides for visitors, members with e-mails on and after dismissal", () => {
    expect(disabledNotificationsAlertVisible({ ...base, loggedIn: false })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, disabled: [] })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, dismissed: true })).toBe(false);
  });
  it("hides on the settings part of /profile and on /notifications, and shows on the rest of /profile", () => {
    expect(disabledNotificationsAlertVisible({ ...base, routeName: "profile", hash: "#settings" })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, routeName: "notifications" })).toBe(false);
    expect(disabledNotificationsAlertVisible({ ...base, routeName: "profile" })).toBe(true);
  });
  it("names only routes that exist", () => {
    const names: readonly string[] = PAGE_ROUTES.map((r) => r.name);
    for (const place of DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON) expect(names).toContain(place.routeName);
    expect(PAGE_ROUTES.find((r) => r.name === "profile")?.path).toBe("/profile");
    expect(PAGE_ROUTES.find((r) => r.name === "notifications")?.path).toBe("/notifications");
  });
});

describe("why e-mails are off", () => {
  it("names a complaint first, then a bounce, then an unsubscribe", () => {
    expect(disabledReasonKey(["list-unsubscribe", "fbl"])).toBe("notifications.reason_fbl");
    expect(disabledReasonKey(["list-unsubscribe", "bounce"])).toBe("notifications.reason_bounce");
    expect(disabledReasonKey(["list-unsubscribe"])).toBe("notifications.reason_list_unsubscribe");
  });
});
