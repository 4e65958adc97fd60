/**
 * Routes where the profile-photo alert stays hidden (spec section 2, banners), and the "this wasn't
 * me" page, where a worried member needs the one thing it is about.
 */
export const PROFILE_PHOTO_ALERT_HIDDEN_ROUTES: readonly string[] = [
  "profile",
  "signup",
  "activate-done",
  "premium",
  "notifications",
  "directdebit",
  "settings",
  "secure-account",
];

export interface ProfilePhotoAlertInput {
  loggedIn: boolean;
  hasMainImage: boolean;
  routeName: string | null;
  dismissed: boolean;
}

/** The profile-photo ("enrich") alert: a logged-in member without a main image who has not dismissed it. */
export function profilePhotoAlertVisible(input: ProfilePhotoAlertInput): boolean {
  if (!input.loggedIn || input.hasMainImage || input.dismissed) return false;
  return !(input.routeName && PROFILE_PHOTO_ALERT_HIDDEN_ROUTES.includes(input.routeName));
}
