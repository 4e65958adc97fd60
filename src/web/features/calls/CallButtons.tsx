import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { CallMedia } from "../../../common/callRules";
import { CallIcon } from "./CallIcon";
import { startCall } from "./callController";
import { useCallStore } from "./callStore";

/** Voice and video call buttons of a conversation's header. */
export function CallButtons({ conversation, name }: { conversation: number; name: string }) {
  const { t } = useTranslation();
  const inCall = useCallStore((s) => s.call !== null || s.busy);
  const start = (media: CallMedia) => void startCall(conversation, media, t("calls.media_denied"));
  return (
    <>
      <Button
        variant="link"
        className="chat-report text-body-secondary"
        disabled={inCall}
        onClick={() => start("voice")}
        aria-label={t("calls.start_voice", { name })}
        title={t("calls.start_voice", { name })}
        data-testid="call-voice"
      >
        <CallIcon name="phone" size={22} />
      </Button>
      <Button
        variant="link"
        className="chat-report text-body-secondary"
        disabled={inCall}
        onClick={() => start("video")}
        aria-label={t("calls.start_video", { name })}
        title={t("calls.start_video", { name })}
        data-testid="call-video"
      >
        <CallIcon name="video" size={22} />
      </Button>
    </>
  );
}
