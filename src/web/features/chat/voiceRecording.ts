/**
 * The recording type to ask MediaRecorder for: WebM with Opus (Chrome, Firefox, Edge), else MP4
 * (Safari: AAC); null when the browser can record neither, which the server would refuse.
 */
export function pickVoiceType(isTypeSupported: (type: string) => boolean): string | null {
  return ["audio/webm;codecs=opus", "audio/webm", "audio/mp4;codecs=mp4a.40.2", "audio/mp4"].find((type) => isTypeSupported(type)) ?? null;
}

/** A recording's file name, after the type the recorder actually wrote. */
export const voiceFileName = (type: string) => (type.startsWith("audio/mp4") ? "voice.mp4" : "voice.webm");

/** A position as a clock: "0:07", "1:05", "2:00" (whole seconds, rounded down). */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A recording's length as a clock, to the nearest second: a recording stopped at 2 s holds a little less sound (1.96 s) and shows "0:02". */
export const formatLength = (ms: number): string => formatClock(Math.round(ms / 1000) * 1000);
