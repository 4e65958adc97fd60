/** Where the rejected-photo banner stays hidden: the photo screens show the reason themselves. */
export const PHOTO_REJECTED_ALERT_HIDDEN_ROUTES: readonly string[] = ["profile", "signup", "secure-account"];

/** The banner telling a member that a photo was rejected, while a rejection is not closed. */
export function photoRejectedAlertVisible(openRejections: number, routeName: string | null): boolean {
  return openRejections > 0 && !(routeName && PHOTO_REJECTED_ALERT_HIDDEN_ROUTES.includes(routeName));
}
