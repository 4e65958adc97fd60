import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isFlaggedPhoto, PHOTO_CLASSES } from "../../../common/photoSafety";
import { failSafe } from "./photoClassifier";
import { EXPLICIT_MARKER, MarkerClassifier } from "./markerClassifier";
import { WorkerClassifier } from "./workerClassifier";

/** A harmless picture drawn for the test: sky, sun, meadow and a house. */
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="300" fill="#7db9e8"/><rect y="300" width="640" height="180" fill="#4c9a2a"/>
      <circle cx="520" cy="90" r="50" fill="#ffd23f"/><rect x="180" y="220" width="160" height="120" fill="#b5651d"/>
      <polygon points="170,220 260,150 350,220" fill="#8b0000"/><rect x="240" y="280" width="40" height="60" fill="#4a2c0a"/>
    </svg>`),
  )
    .jpeg()
    .toBuffer();

const filled = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("the marker classifier (tests' stand-in)", () => {
  it("scores a magenta image explicit and anything else neutral", async () => {
    const classifier = new MarkerClassifier();
    expect(isFlaggedPhoto(await classifier.classify(await filled(EXPLICIT_MARKER)))).toBe(true);
    expect(isFlaggedPhoto(await classifier.classify(await filled({ r: 240, g: 200, b: 180 })))).toBe(false);
    expect(isFlaggedPhoto(await classifier.classify(await landscape()))).toBe(false);
  });
});

describe("the packaged nudity model", () => {
  // The one test that runs the real model (a few seconds to load): it ships in the npm package and answers offline.
  it("loads from its package and scores a harmless picture as not flagged", { timeout: 60_000 }, async () => {
    // As the server runs it: in its worker thread.
    const classifier = new WorkerClassifier();
    const scores = await classifier.classify(await landscape());
    expect(Object.keys(scores).sort()).toEqual([...PHOTO_CLASSES].sort());
    const total = Object.values(scores).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0.99);
    expect(total).toBeLessThan(1.01);
    expect(scores.Neutral + scores.Drawing).toBeGreaterThan(0.8);
    expect(isFlaggedPhoto(scores)).toBe(false);
    // A second photo reuses the loaded model and gives the same answer for the same image.
    expect(await classifier.classify(await landscape())).toEqual(scores);
  });
});

describe("a classifier that fails", () => {
  it("counts the photo as flagged and says why in the log; a working one answers as it is", async () => {
    const logged: string[] = [];
    const log = { error: (_details: object, message: string) => logged.push(message) };
    const broken = failSafe({ classify: () => Promise.reject(new Error("worker gone")) }, log);
    expect(isFlaggedPhoto(await broken.classify(await landscape()))).toBe(true);
    expect(logged).toEqual(["photo safety: the model could not score a photo, which counts as flagged"]);
    const working = failSafe(new MarkerClassifier(), log);
    expect(isFlaggedPhoto(await working.classify(await landscape()))).toBe(false);
    expect(logged).toHaveLength(1);
  });
});
