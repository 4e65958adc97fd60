import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VOICE_MAX_SECONDS } from "../../../common/constants";
import { pickVoiceType, voiceFileName } from "./voiceRecording";

/** A recording shorter than this was a slip of the finger: it is dropped, not sent. */
const VOICE_MIN_MS = 700;
/** Bit rate asked of the recorder: speech stays clear, two minutes stay near 1 MB. */
const VOICE_BITS_PER_SECOND = 64_000;

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  timer: number;
  send: boolean;
}

export interface VoiceRecorder {
  phase: "idle" | "starting" | "recording";
  /** How long the running recording is, in milliseconds. */
  elapsedMs: number;
  start: () => Promise<void>;
  /** Stops and hands the recording on. */
  stop: () => void;
  /** Stops and drops the recording. */
  cancel: () => void;
}

/**
 * Records a voice message with the microphone (MediaRecorder): started by a tap, stopped by the send
 * button, by cancel, or by itself at VOICE_MAX_SECONDS; `onRecorded` gets the file. The microphone is
 * let go as soon as the recording ends, and when the page goes.
 */
export function useVoiceRecorder(onRecorded: (file: File) => void, onProblem: (message: string) => void): VoiceRecorder {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<VoiceRecorder["phase"]>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  // Stopped (sent or cancelled) while the microphone was still being opened: done as soon as it is.
  const finishWhenStarted = useRef<boolean | null>(null);
  // The latest callbacks: a recording ends long after the render that started it.
  const handlers = useRef({ onRecorded, onProblem });
  handlers.current = { onRecorded, onProblem };

  const finish = (send: boolean) => {
    const s = session.current;
    if (!s) {
      // Kept only for a recording being started: start() clears it first.
      finishWhenStarted.current = send;
      return;
    }
    s.send = send;
    window.clearInterval(s.timer);
    if (s.recorder.state !== "inactive") s.recorder.stop();
  };

  const start = async () => {
    if (phase !== "idle") return;
    const type = typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia ? null : pickVoiceType((k) => MediaRecorder.isTypeSupported(k));
    if (!type) return handlers.current.onProblem(t("chat.voice_unsupported"));
    setPhase("starting");
    finishWhenStarted.current = null;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setPhase("idle");
      return handlers.current.onProblem(t("chat.voice_denied"));
    }
    const recorder = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: VOICE_BITS_PER_SECOND });
    const s: Session = { recorder, stream, chunks: [], startedAt: Date.now(), timer: 0, send: false };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) s.chunks.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (session.current === s) session.current = null;
      setPhase("idle");
      setElapsedMs(0);
      if (!s.send || Date.now() - s.startedAt < VOICE_MIN_MS || s.chunks.length === 0) return;
      const written = recorder.mimeType || type;
      handlers.current.onRecorded(new File(s.chunks, voiceFileName(written), { type: written }));
    };
    s.timer = window.setInterval(() => {
      const elapsed = Date.now() - s.startedAt;
      setElapsedMs(elapsed);
      if (elapsed >= VOICE_MAX_SECONDS * 1000) finish(true);
    }, 200);
    session.current = s;
    recorder.start(1000);
    setElapsedMs(0);
    setPhase("recording");
    if (finishWhenStarted.current !== null) finish(finishWhenStarted.current);
  };

  // Leaving the conversation mid-recording drops it and lets the microphone go.
  useEffect(
    () => () => {
      const s = session.current;
      if (!s) return;
      s.send = false;
      window.clearInterval(s.timer);
      if (s.recorder.state !== "inactive") s.recorder.stop();
      for (const track of s.stream.getTracks()) track.stop();
    },
    [],
  );

  return { phase, elapsedMs, start, stop: () => finish(true), cancel: () => finish(false) };
}
