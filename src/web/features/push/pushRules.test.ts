import { describe, expect, it } from "vitest";
import { base64UrlToBytes, derivePushState, PUSH_ALERT_HIDDEN_ROUTES, pushAlertVisible, sameServerKey } from "./pushState";
import { isSwMessage } from "./swMessages";

describe("push state (spec section 4)", () => {
  it("is unsupported where the browser or the site cannot push, whatever the permission", () => {
    expect(derivePushState({ capable: false, permission: "granted", isSubscribed: true })).toBe("unsupported");
    expect(derivePushState({ capable: false, permission: "denied", isSubscribed: false })).toBe("unsupported");
  });
  it("is unknown until the browser has asked, denied once blocked", () => {
    expect(derivePushState({ capable: true, permission: "default", isSubscribed: false })).toBe("unknown");
    expect(derivePushState({ capable: true, permission: "denied", isSubscribed: false })).toBe("denied");
  });
  it("is subscribed only when allowed and saved for the member, else granted", () => {
    expect(derivePushState({ capable: true, permission: "granted", isSubscribed: true })).toBe("subscribed");
    expect(derivePushState({ capable: true, permission: "granted", isSubscribed: false })).toBe("granted");
    // A permission taken back in the browser ends the subscription.
    expect(derivePushState({ capable: true, permission: "denied", isSubscribed: true })).toBe("denied");
  });
});

describe("push-notification alert (spec section 2, banners)", () => {
  const base = { loggedIn: true, ready: true, state: "unknown" as const, dismissed: false, routeName: "members" };
  it("offers push to a member whose browser has not asked yet, or allows it without a subscription", () => {
    expect(pushAlertVisible(base)).toBe(true);
    expect(pushAlertVisible({ ...base, state: "granted" })).toBe(true);
    expect(pushAlertVisible({ ...base, routeName: null })).toBe(true);
  });
  it("never shows where push cannot be turned on, or is on already", () => {
    for (const state of ["unsupported", "denied", "subscribed"] as const) expect(pushAlertVisible({ ...base, state })).toBe(false);
  });
  it("hides for visitors, after dismissal, before the state is known, and on signup, notifications, activate-done, directdebit, premium and the 'this wasn't me' page", () => {
    expect(pushAlertVisible({ ...base, loggedIn: false })).toBe(false);
    expect(pushAlertVisible({ ...base, dismissed: true })).toBe(false);
    expect(pushAlertVisible({ ...base, ready: false })).toBe(false);
    expect([...PUSH_ALERT_HIDDEN_ROUTES].sort()).toEqual(["activate-done", "directdebit", "notifications", "premium", "secure-account", "signup"]);
    for (const routeName of PUSH_ALERT_HIDDEN_ROUTES) expect(pushAlertVisible({ ...base, routeName })).toBe(false);
    expect(pushAlertVisible({ ...base, routeName: "profile" })).toBe(true);
  });
});

describe("the site's VAPID key in the browser", () => {
  // A P-256 public key as web-push makes them: 65 bytes, starting with 0x04.
  const key = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
  it("becomes the bytes pushManager.subscribe takes", () => {
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString("base64url")).toBe(key);
  });
  it("tells a subscription made with this key from one made with another", () => {
    const same = base64UrlToBytes(key).buffer;
    const other = new Uint8Array(base64UrlToBytes(key));
    other[64] ^= 1;
    expect(sameServerKey(same, key)).toBe(true);
    expect(sameServerKey(other.buffer, key)).toBe(false);
    expect(sameServerKey(null, key)).toBe(false);
  });
});

describe("messages from the service worker", () => {
  it("takes ours and ignores anything else", () => {
    expect(isSwMessage({ type: "push-received", kind: "message", conversation: 3 })).toBe(true);
    expect(isSwMessage({ type: "push-navigate", path: "/chats/3" })).toBe(true);
    expect(isSwMessage({ type: "push-navigate" })).toBe(false);
    expect(isSwMessage({ type: "other" })).toBe(false);
    expect(isSwMessage("push-received")).toBe(false);
    expect(isSwMessage(null)).toBe(false);
  });
});
