import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { CallMedia } from "../../../common/callRules";
import { CallIcon, type CallIconName } from "./CallIcon";
import { startCall } from "./callController";
import { useCallStore } from "./callStore";

/** The header's two call buttons, voice first. */
const CALL_KINDS: ReadonlyArray<{ media: CallMedia; icon: CallIconName }> = [
  { media: "voice", icon: "phone" },
  { media: "video", icon: "video" },
];

/** Voice and video call buttons of a conversation's header. */
export function CallButtons({ conversation, name }: { conversation: number; name: string }) {
  const { t } = useTranslation();
  const inCall = useCallStore((s) => s.call !== null || s.busy);
  const start = (media: CallMedia) => void startCall(conversation, media, t("calls.media_denied"));
  return (
    <>
      {CALL_KINDS.map(({ media, icon }) => (
        <Button
          key={media}
          variant="link"
          className="chat-report text-body-secondary"
          disabled={inCall}
          onClick={() => start(media)}
          aria-label={t(`calls.start_${media}`, { name })}
          title={t(`calls.start_${media}`, { name })}
          data-testid={`call-${media}`}
        >
          <CallIcon name={icon} size={22} />
        </Button>
      ))}
    </>
  );
}
