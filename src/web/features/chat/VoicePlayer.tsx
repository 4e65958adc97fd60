import { useEffect, useRef, useState } from "react";
import { Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { formatClock, formatLength } from "./voiceRecording";

interface Props {
  voice: { url: string; duration_ms: number };
  /** Whose voice message: "Your voice message", "Voice message from Anna". */
  label: string;
}

/**
 * A voice message in a bubble: play and pause, a bar of how far it has played, and its length. The
 * recording is fetched on the first play (fetched whole: Safari plays a served file only by ranges),
 * and its length is the server's: a browser's WebM recording tells none of its own.
 */
export function VoicePlayer({ voice, label }: Props) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement | null>(null);
  const objectUrl = useRef<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [positionMs, setPositionMs] = useState(0);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const load = async (): Promise<HTMLAudioElement> => {
    const res = await fetch(voice.url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`voice message: ${res.status}`);
    objectUrl.current = URL.createObjectURL(await res.blob());
    const element = new Audio(objectUrl.current);
    element.ontimeupdate = () => setPositionMs(element.currentTime * 1000);
    element.onplay = () => setPlaying(true);
    element.onpause = () => setPlaying(false);
    element.onended = () => {
      setPlaying(false);
      setPositionMs(0);
    };
    audio.current = element;
    return element;
  };

  const toggle = async () => {
    if (playing) return audio.current?.pause();
    setFailed(false);
    try {
      let element = audio.current;
      if (!element) {
        setLoading(true);
        element = await load();
      }
      await element.play();
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const started = playing || positionMs > 0;
  const share = voice.duration_ms > 0 ? Math.min(100, (positionMs / voice.duration_ms) * 100) : 0;
  return (
    <span className="chat-voice d-flex align-items-center gap-2" data-testid="chat-voice">
      <button
        type="button"
        className="chat-voice-play"
        onClick={() => void toggle()}
        aria-label={playing ? t("chat.voice_pause") : t("chat.voice_play")}
        aria-pressed={playing}
        data-testid="chat-voice-play"
      >
        {loading ? <Spinner animation="border" size="sm" /> : <Icon name={playing ? "pause" : "play"} size={20} />}
      </button>
      <span className="chat-voice-body d-flex flex-column flex-grow-1">
        <span
          className="chat-voice-track"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={Math.round(voice.duration_ms / 1000)}
          aria-valuenow={Math.floor(positionMs / 1000)}
          aria-valuetext={`${formatClock(positionMs)} / ${formatLength(voice.duration_ms)}`}
          data-testid="chat-voice-progress"
          data-position={Math.round(positionMs)}
        >
          <span className="chat-voice-fill" style={{ width: `${share}%` }} />
        </span>
        <span className="chat-voice-time small" data-testid="chat-voice-time">
          {started ? `${formatClock(positionMs)} / ${formatLength(voice.duration_ms)}` : formatLength(voice.duration_ms)}
        </span>
        {failed && (
          <span className="small" role="alert">
            {t("chat.voice_load_failed")}
          </span>
        )}
      </span>
    </span>
  );
}
