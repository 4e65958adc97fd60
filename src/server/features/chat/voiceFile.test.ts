import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeMp4, makeWebm } from "../../../../tests/support/voiceRecordings";
import { inspectVoice } from "./voiceFile";

describe("inspectVoice", () => {
  it("reads the length of Chrome's WebM from its frames, which carry no duration in the header", () => {
    expect(inspectVoice(makeWebm({ durationMs: 90_000 }))).toEqual({ format: "webm", durationMs: 90_000 });
    expect(inspectVoice(makeWebm({ durationMs: 1_500 }))).toEqual({ format: "webm", durationMs: 1_500 });
  });

  it("counts the longest of the header's duration and the frames' times, so a short header hides no long recording", () => {
    expect(inspectVoice(makeWebm({ durationMs: 150_000, headerDurationMs: 10_000 }))?.durationMs).toBe(150_000);
    expect(inspectVoice(makeWebm({ durationMs: 5_000, headerDurationMs: 200_000 }))?.durationMs).toBe(200_000);
  });

  it("reads Safari's fragmented MP4 and an MP4 saved whole", () => {
    expect(inspectVoice(makeMp4({ durationMs: 45_000 }))).toEqual({ format: "mp4", durationMs: 45_000 });
    expect(inspectVoice(makeMp4({ durationMs: 125_000, fragmented: false }))).toEqual({ format: "mp4", durationMs: 125_000 });
    expect(inspectVoice(makeMp4({ durationMs: 3_000, entry: "Opus" }))).toEqual({ format: "mp4", durationMs: 3_000 });
  });

  it("reads what Chromium's MediaRecorder wrote: 3 s of its fake microphone as WebM and as fragmented MP4 (Opus)", () => {
    // Recorded by Chromium 156 with --use-fake-device-for-media-stream, stopped after 3 s of the page's clock.
    const recording = (name: string) => readFileSync(new URL(`../../../../tests/support/recordings/${name}`, import.meta.url));
    expect(inspectVoice(recording("chromium-3s.webm"))).toEqual({ format: "webm", durationMs: 2_910 });
    expect(inspectVoice(recording("chromium-3s.mp4"))).toEqual({ format: "mp4", durationMs: 2_961 });
  });

  it("refuses video, other codecs and other files", () => {
    expect(inspectVoice(makeWebm({ durationMs: 5_000, trackType: 1, codec: "V_VP8" }))).toBeNull();
    expect(inspectVoice(makeWebm({ durationMs: 5_000, codec: "A_PCM/INT/LIT" }))).toBeNull();
    expect(inspectVoice(makeWebm({ durationMs: 5_000, docType: "mkv-ish" }))).toBeNull();
    expect(inspectVoice(makeMp4({ durationMs: 5_000, handler: "vide" }))).toBeNull();
    expect(inspectVoice(makeMp4({ durationMs: 5_000, entry: "avc1" }))).toBeNull();
    expect(inspectVoice(Buffer.from("<script>alert(1)</script>"))).toBeNull();
    expect(inspectVoice(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull();
    expect(inspectVoice(Buffer.alloc(0))).toBeNull();
  });

  it("refuses a file cut off in its structure, and a WebM with no frames", () => {
    const webm = makeWebm({ durationMs: 5_000 });
    expect(inspectVoice(webm.subarray(0, 60))).toBeNull();
    const mp4 = makeMp4({ durationMs: 5_000 });
    expect(inspectVoice(mp4.subarray(0, 200))).toBeNull();
    // One frame at 0 ms; without its block (16 bytes, the file's last) nothing is left to play.
    const oneFrame = makeWebm({ durationMs: 0 });
    expect(inspectVoice(oneFrame)).toEqual({ format: "webm", durationMs: 0 });
    expect(inspectVoice(oneFrame.subarray(0, oneFrame.length - 16))).toBeNull();
  });
});
