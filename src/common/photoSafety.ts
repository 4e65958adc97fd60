/**
 * Photo safety (issue 22): every chat photo and every profile photo is scored by a nudity model on
 * the server (features/photoSafety). The model answers a probability for each of five classes; this
 * file is the one rule that turns those scores into "flagged", shared by the server (which stores the
 * verdict) and its tests.
 */

/** The classes of the packaged model (nsfwjs): two explicit, one suggestive, two harmless. */
export const PHOTO_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type PhotoClass = (typeof PHOTO_CLASSES)[number];

/** The model's probability for each class (they add up to about 1). */
export type PhotoScores = Record<PhotoClass, number>;

/**
 * An explicit photo (porn or explicit drawings together) is flagged at this probability: half, so a
 * photo the model thinks more likely explicit than not is blurred until its recipient chooses to see it.
 */
export const EXPLICIT_THRESHOLD = 0.5;

/**
 * A suggestive photo (the model's "Sexy": underwear, swimwear, bare skin without explicit parts) is
 * flagged only when the model is this sure: a beach photo is ordinary on a dating site, and a false
 * flag costs a sender their photo being blurred. Topless photos mostly land here with a high score.
 */
export const SUGGESTIVE_THRESHOLD = 0.85;

/** Whether a photo with these scores is flagged: blurred for a chat recipient, held for a moderator on a profile. */
export function isFlaggedPhoto(scores: PhotoScores): boolean {
  return scores.Porn + scores.Hentai >= EXPLICIT_THRESHOLD || scores.Sexy >= SUGGESTIVE_THRESHOLD;
}
