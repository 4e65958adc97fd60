import { describe, expect, it } from "vitest";
import { EXPLICIT_THRESHOLD, isFlaggedPhoto, type PhotoScores, SUGGESTIVE_THRESHOLD } from "./photoSafety";

const scores = (s: Partial<PhotoScores>): PhotoScores => ({ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0, ...s });

describe("isFlaggedPhoto", () => {
  it("lets an ordinary photo and a drawing through", () => {
    expect(isFlaggedPhoto(scores({ Neutral: 0.97, Sexy: 0.03 }))).toBe(false);
    expect(isFlaggedPhoto(scores({ Drawing: 0.9, Neutral: 0.1 }))).toBe(false);
  });

  it("flags a photo the model finds more likely explicit than not, porn and explicit drawings counted together", () => {
    expect(isFlaggedPhoto(scores({ Porn: EXPLICIT_THRESHOLD, Neutral: 1 - EXPLICIT_THRESHOLD }))).toBe(true);
    expect(isFlaggedPhoto(scores({ Porn: 0.3, Hentai: 0.25, Neutral: 0.45 }))).toBe(true);
    expect(isFlaggedPhoto(scores({ Porn: 0.3, Hentai: 0.15, Neutral: 0.55 }))).toBe(false);
  });

  it("flags a suggestive photo only when the model is very sure", () => {
    expect(isFlaggedPhoto(scores({ Sexy: 0.7, Neutral: 0.3 }))).toBe(false);
    expect(isFlaggedPhoto(scores({ Sexy: SUGGESTIVE_THRESHOLD, Neutral: 1 - SUGGESTIVE_THRESHOLD }))).toBe(true);
  });
});
