import sharp from "sharp";
import type { PhotoScores } from "../../../common/photoSafety";
import type { PhotoClassifier } from "./photoClassifier";

/** The colour a test image is filled with to be scored explicit: pure magenta, which no ordinary photo is. */
export const EXPLICIT_MARKER = { r: 255, g: 0, b: 255 };

/**
 * A deterministic classifier for tests (PHOTO_CLASSIFIER=marker; refused in production): an image
 * that is mostly magenta scores as explicit, anything else as neutral. Tests of the flows around the
 * model then need no nude images and no model.
 */
export class MarkerClassifier implements PhotoClassifier {
  async classify(image: Buffer): Promise<PhotoScores> {
    const { channels } = await sharp(image, { failOn: "error" }).removeAlpha().stats();
    const [r, g, b] = channels.map((c) => c.mean);
    const marked = Math.abs(r - EXPLICIT_MARKER.r) < 24 && Math.abs(g - EXPLICIT_MARKER.g) < 24 && Math.abs(b - EXPLICIT_MARKER.b) < 24;
    return marked ? { Drawing: 0, Hentai: 0, Neutral: 0.03, Porn: 0.97, Sexy: 0 } : { Drawing: 0, Hentai: 0, Neutral: 0.99, Porn: 0, Sexy: 0.01 };
  }
}
