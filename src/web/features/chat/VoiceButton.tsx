import { type PointerEvent, useRef } from "react";
import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { VoiceMessage } from "./useVoiceMessage";

interface Props {
  voice: VoiceMessage;
  cost: number;
  disabled: boolean;
}

/** Held at least this long, the button records while it is held and sends when let go; a shorter press is a tap. */
const HOLD_MS = 500;

/**
 * The send bar's microphone. A tap (or Enter) starts a voice message, which the recording bar then
 * sends or cancels; holding it down records until it is let go, and sends.
 */
export function VoiceButton({ voice, cost, disabled }: Props) {
  const { t } = useTranslation();
  const pressedAt = useRef(0);
  const label = t("chat.voice_record", { count: cost });
  const busy = voice.sending || voice.recorder.phase === "starting";
  const { stop } = voice.recorder;

  const press = (event: PointerEvent) => {
    if (event.button !== 0) return;
    pressedAt.current = Date.now();
    voice.record();
    // The button is disabled while recording: its release is heard on the window.
    const release = () => {
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
      if (Date.now() - pressedAt.current >= HOLD_MS) stop();
    };
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
  };

  return (
    <Button
      variant="outline-primary"
      size="sm"
      className="chat-gift-button chat-voice-button"
      onPointerDown={press}
      // A pointer started it on pointerdown; a keyboard's Enter or Space comes as a click without one.
      onClick={(event) => event.detail === 0 && voice.record()}
      onContextMenu={(event) => event.preventDefault()}
      disabled={disabled || busy || voice.recorder.phase === "recording"}
      aria-label={label}
      title={label}
      data-testid="chat-voice-button"
    >
      {voice.sending ? <Spinner animation="border" size="sm" role="status" aria-label={t("chat.voice_sending")} /> : <Icon name="mic" size={18} />}
    </Button>
  );
}
