/**
 * Where the disabled-notifications alert never shows (spec section 2, banners: "hidden on settings
 * and notifications"). There is no route named "settings": the settings are the part of the profile
 * route that /profile#settings opens (the account menu's "Settings" item), so that is where the alert
 * hides, with the notifications page. The profile's upper part, where a member edits photos and
 * texts, still shows it.
 */
export const DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON: readonly { routeName: string; hash?: string }[] = [
  { routeName: "profile", hash: "#settings" },
  { routeName: "notifications" },
];

/** The alert shows to a logged-in member whose e-mails are disabled, until dismissed, except on the settings and notifications. */
export function disabledNotificationsAlertVisible(input: {
  loggedIn: boolean;
  disabled: readonly string[];
  routeName: string | null;
  hash: string;
  dismissed: boolean;
}): boolean {
  if (!input.loggedIn || input.disabled.length === 0 || input.dismissed) return false;
  return !DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON.some(
    (place) => place.routeName === input.routeName && (place.hash === undefined || place.hash === input.hash),
  );
}
