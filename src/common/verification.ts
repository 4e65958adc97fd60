// Photo verification (issue 16): a member shows they are the person in their photos by a selfie in a
// pose the site picks; a moderator compares it with their approved profile photos.

/**
 * The poses a member may be asked for (their words: locales, verification.poses.<id>). Shown as words
 * only: an emoji beside them needs a font that many devices lack (components/Icon.tsx).
 */
export const POSE_IDS = [
  "right_hand_up",
  "left_hand_up",
  "thumbs_up",
  "peace_sign",
  "touch_nose",
  "hand_on_chin",
  "ok_sign",
  "three_fingers",
  "hand_on_head",
  "wave",
] as const;
export type VerificationPose = (typeof POSE_IDS)[number];

/** The reasons a moderator may give for rejecting a verification; the member is told the one chosen. */
export const VERIFICATION_REJECTION_REASONS = ["pose_not_matching", "face_not_visible", "not_same_person", "other"] as const;
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number];

/** Where a member stands: never asked, a pose given (no selfie yet), waiting for a moderator, verified, or last asked and rejected. */
export const VERIFICATION_STATES = ["none", "started", "pending", "verified", "rejected"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/**
 * A pose at random, never the one asked last time (`previous`), so that a rejected member cannot send
 * the same picture again. `random` is Math.random's contract: [0, 1).
 */
export function pickPose(previous: VerificationPose | null = null, random: () => number = Math.random): VerificationPose {
  const choices: VerificationPose[] = POSE_IDS.filter((p) => p !== previous);
  return choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))];
}

export const isPose = (value: string): value is VerificationPose => (POSE_IDS as readonly string[]).includes(value);
