/** Where the activation reminder shows nothing. */
export const ACTIVATION_REMINDER_HIDDEN_ON: readonly string[] = ["signup", "complete-signup", "profile", "notifications"];

export interface ActivationReminderInput {
  status: "not_confirmed" | "confirmed";
  profileStatus: "enabled" | "disabled";
  notificationsDisabled: boolean;
  routeName: string | null;
  /** The query has api_signup_complete (the app's signup just finished). */
  signupComplete: boolean;
  smartphone: boolean;
}

/**
 * The activate-e-mail reminder of spec section 2: for a member not confirmed whose profile is
 * disabled, notifications not disabled, outside signup, settings and notifications; a modal when the
 * query has api_signup_complete on a smartphone, an alert otherwise.
 */
export function activationReminderMode(input: ActivationReminderInput): "modal" | "alert" | null {
  if (input.status !== "not_confirmed" || input.profileStatus !== "disabled" || input.notificationsDisabled) return null;
  if (input.routeName && ACTIVATION_REMINDER_HIDDEN_ON.includes(input.routeName)) return null;
  return input.signupComplete && input.smartphone ? "modal" : "alert";
}

/** A phone: a narrow screen with a touch pointer. */
export function isSmartphone(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(max-width: 767.98px) and (pointer: coarse)").matches === true;
}
