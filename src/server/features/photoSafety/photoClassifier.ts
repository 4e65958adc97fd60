import type { PhotoScores } from "../../../common/photoSafety";
import { MarkerClassifier } from "./markerClassifier";
import { WorkerClassifier } from "./workerClassifier";

/**
 * Scores an image (any format sharp reads) for nudity. The app holds one per process: the packaged
 * model (nsfwClassifier) in the product, the colour-marker one (markerClassifier) where tests say so.
 */
export interface PhotoClassifier {
  classify(image: Buffer): Promise<PhotoScores>;
}

/** Which classifier the configuration names (PHOTO_CLASSIFIER): the packaged model, or the test marker (never in production). */
export type PhotoClassifierKind = "model" | "marker";

/** The classifier the configuration names; the model itself loads in its worker thread on the first photo. */
export function createPhotoClassifier(kind: PhotoClassifierKind): PhotoClassifier {
  return kind === "marker" ? new MarkerClassifier() : new WorkerClassifier();
}

/** What a photo the model could not score counts as: flagged (blurred for a chat recipient, held for a moderator on a profile). */
export const UNSCORED: PhotoScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 1, Sexy: 0 };

/**
 * A classifier whose failures (the model not loading, its worker gone) neither lose the member's photo
 * nor let it through unchecked: the photo counts as flagged, and the operator reads why in the log.
 * (A file that is no image never gets here: the services refuse it before.)
 */
export function failSafe(classifier: PhotoClassifier, log: { error(details: object, message: string): void }): PhotoClassifier {
  return {
    async classify(image) {
      try {
        return await classifier.classify(image);
      } catch (err) {
        log.error({ err }, "photo safety: the model could not score a photo, which counts as flagged");
        return UNSCORED;
      }
    },
  };
}
