import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { VoiceMessage } from "./useVoiceMessage";

interface Props {
  voice: VoiceMessage;
  cost: number;
  disabled: boolean;
}

/** The send bar's microphone: a tap starts a voice message (the recording bar then takes the text box's place). */
export function VoiceButton({ voice, cost, disabled }: Props) {
  const { t } = useTranslation();
  const label = t("chat.voice_record", { count: cost });
  const busy = voice.sending || voice.recorder.phase === "starting";
  return (
    <Button
      variant="outline-primary"
      size="sm"
      className="chat-gift-button"
      onClick={voice.record}
      disabled={disabled || busy || voice.recorder.phase === "recording"}
      aria-label={label}
      title={label}
      data-testid="chat-voice-button"
    >
      {voice.sending ? <Spinner animation="border" size="sm" role="status" aria-label={t("chat.voice_sending")} /> : <Icon name="mic" size={18} />}
    </Button>
  );
}
