import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { VOICE_MAX_SECONDS } from "../../../common/constants";
import { Icon } from "../../components/Icon";
import type { VoiceRecorder } from "./useVoiceRecorder";
import { SendButton } from "./SendButton";
import { formatClock } from "./voiceRecording";

interface Props {
  recorder: VoiceRecorder;
  /** voiceMessageCost: what a photo costs. */
  cost: number;
}

/** Stands in for the text box while a voice message is recorded: cancel, the running time against the limit, and send. */
export function VoiceRecordingBar({ recorder, cost }: Props) {
  const { t } = useTranslation();
  const maxMs = VOICE_MAX_SECONDS * 1000;
  return (
    <div className="chat-voice-recording d-flex align-items-center gap-2" data-testid="chat-voice-recording">
      <Button
        variant="outline-secondary"
        className="chat-voice-cancel"
        onClick={recorder.cancel}
        aria-label={t("chat.voice_cancel")}
        title={t("chat.voice_cancel")}
        data-testid="chat-voice-cancel"
      >
        <Icon name="trash" size={18} />
      </Button>
      <div className="chat-voice-live flex-grow-1">
        <div className="d-flex align-items-center gap-2 small">
          <span className="chat-voice-dot" aria-hidden="true" />
          <span className="fw-semibold text-truncate">{t("chat.voice_recording")}</span>
          <span className="chat-voice-time ms-auto text-nowrap" role="timer" data-testid="chat-voice-elapsed">
            {formatClock(recorder.elapsedMs)} / {formatClock(maxMs)}
          </span>
        </div>
        <div className="chat-voice-track mt-1" aria-hidden="true">
          <div className="chat-voice-fill" style={{ width: `${Math.min(100, (recorder.elapsedMs / maxMs) * 100)}%` }} />
        </div>
      </div>
      <SendButton cost={cost} onClick={recorder.stop} aria-label={t("chat.voice_send")} data-testid="chat-voice-send" />
    </div>
  );
}
