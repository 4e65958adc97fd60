import type { StoredSettings } from "./schemas/settings";

/** How a site checks new photos (issue 16): before anyone else sees them, or after they are already shown. */
export const PHOTO_MODERATION_MODES = ["pre", "post"] as const;
export type PhotoModerationMode = (typeof PHOTO_MODERATION_MODES)[number];

/**
 * The default is pre-moderation: a dating site's operator answers for every photo it shows (a child,
 * explicit pictures, someone else's face), and the upload screen has always promised that photos are
 * checked. Post-moderation is the site's choice when the team checks fast enough to live with a wrong
 * photo being visible for a while.
 */
export const DEFAULT_PHOTO_MODERATION: PhotoModerationMode = "pre";

/** What the site promises members about pre-moderation: "visible after a check, usually within N hours". */
export const DEFAULT_PHOTO_REVIEW_HOURS = 24;

/** The reasons a moderator may give for rejecting a photo; the member is told the one chosen. */
export const PHOTO_REJECTION_REASONS = ["not_a_person", "not_you", "explicit", "child", "contact_details", "poor_quality", "other"] as const;
export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];

/** The site's photo rule, with the defaults for a site whose settings predate the setting. */
export function photoModerationOf(settings: Pick<StoredSettings, "photo_moderation" | "photo_review_hours">): {
  mode: PhotoModerationMode;
  reviewHours: number;
} {
  return { mode: settings.photo_moderation ?? DEFAULT_PHOTO_MODERATION, reviewHours: settings.photo_review_hours ?? DEFAULT_PHOTO_REVIEW_HOURS };
}

/** A new photo's status: under pre-moderation only its owner sees it until a moderator approves it. */
export function newPhotoStatus(mode: PhotoModerationMode): "pending" | "approved" {
  return mode === "pre" ? "pending" : "approved";
}
