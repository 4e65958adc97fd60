/** Routes where the disabled-notifications alert never shows (spec section 2, banners). */
export const DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON: readonly string[] = ["settings", "notifications"];

/** The alert shows to a logged-in member whose e-mails are disabled, until dismissed, except on the settings pages. */
export function disabledNotificationsAlertVisible(input: { loggedIn: boolean; disabled: readonly string[]; routeName: string | null; dismissed: boolean }): boolean {
  if (!input.loggedIn || input.disabled.length === 0 || input.dismissed) return false;
  return !(input.routeName && DISABLED_NOTIFICATIONS_ALERT_HIDDEN_ON.includes(input.routeName));
}
