import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../common/schemas/chat";
import { CallIcon } from "./CallIcon";
import { useFormats } from "../../i18n/formats";
import { formatLength } from "../chat/voiceRecording";

/**
 * A call's entry in the chat: voice or video, when it began and ended and how long it lasted, or
 * that it was missed, declined or cancelled (the callee sees a call the caller gave up as missed).
 */
export function CallEntry({ call, own, endedAt }: { call: NonNullable<ChatMessage["call"]>; own: boolean; endedAt: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const talked = call.duration_ms !== null;
  const start = talked ? new Date(Date.parse(endedAt) - (call.duration_ms ?? 0)) : null;
  const outcome = call.outcome === "cancelled" && !own ? "missed" : call.outcome;
  const missed = outcome === "missed" || outcome === "declined" || outcome === "cancelled";
  return (
    <span className={`chat-call d-flex align-items-center gap-2${missed ? " is-missed" : ""}`} data-testid="chat-call" data-outcome={outcome}>
      <CallIcon name={call.media === "video" ? "video" : "phone"} size={20} />
      <span className="d-flex flex-column">
        <span className="fw-semibold">{t(call.media === "video" ? "calls.entry_video" : "calls.entry_voice")}</span>
        <span className="small">
          {talked && start
            ? t(`calls.outcome_${outcome}`, {
                start: formats.date(start, { timeStyle: "short" }),
                end: formats.date(endedAt, { timeStyle: "short" }),
                duration: formatLength(call.duration_ms ?? 0),
              })
            : t(`calls.outcome_${outcome}_short`)}
        </span>
      </span>
    </span>
  );
}
