import { describe, expect, it } from "vitest";
import { formatClock, formatLength, pickVoiceType, voiceFileName } from "./voiceRecording";

describe("recording a voice message", () => {
  it("asks Chrome and Firefox for WebM with Opus, Safari for MP4, and a browser that can do neither for nothing", () => {
    const chrome = new Set(["audio/webm;codecs=opus", "audio/webm", "audio/mp4"]);
    const safari = new Set(["audio/mp4", "audio/mp4;codecs=mp4a.40.2"]);
    expect(pickVoiceType((type) => chrome.has(type))).toBe("audio/webm;codecs=opus");
    expect(pickVoiceType((type) => safari.has(type))).toBe("audio/mp4;codecs=mp4a.40.2");
    expect(pickVoiceType((type) => type === "audio/ogg")).toBeNull();
  });

  it("names the file after the type the recorder wrote", () => {
    expect(voiceFileName("audio/webm;codecs=opus")).toBe("voice.webm");
    expect(voiceFileName("audio/mp4;codecs=mp4a.40.2")).toBe("voice.mp4");
  });

  it("shows lengths as a clock of whole seconds", () => {
    expect([0, 999, 7_400, 65_000, 120_000, -5].map(formatClock)).toEqual(["0:00", "0:00", "0:07", "1:05", "2:00", "0:00"]);
    // A length to the nearest second: a recording stopped at 2 s holds a little less sound.
    expect([1_960, 2_400, 119_700].map(formatLength)).toEqual(["0:02", "0:02", "2:00"]);
  });
});
