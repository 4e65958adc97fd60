import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isGift } from "../../../common/gifts";
import type { ChatMessage } from "../../../common/schemas/chat";
import { Button } from "react-bootstrap";
import { forgetNudge, isPending, useDismissNudge } from "../../api/chatApi";
import { Icon } from "../../components/Icon";
import { useFormats } from "../../i18n/formats";
import { ReportButton } from "../members/ReportButton";
import { PrefetchLink } from "../../components/PrefetchLink";
import { isMoneySignal } from "../../../common/scamSignals";
import { ChatPhoto } from "./ChatPhoto";
import { VoicePlayer } from "./VoicePlayer";
import { CallEntry } from "../calls/CallEntry";

interface Props {
  message: ChatMessage;
  own: boolean;
  partnerName: string;
  /** The partner's id: a received message can be reported. */
  partnerId: number;
}

/**
 * One message: own on the right in the primary colour, the partner's on the left. The text is plain
 * text (React escapes it), links included: they are not made clickable.
 */
export function MessageBubble({ message, own, partnerName, partnerId }: Props) {
  const { t } = useTranslation();
  const formats = useFormats();
  const pending = isPending(message);
  // A flagged photo from the partner is covered, with its own report button, until the member views it.
  const [revealed, setRevealed] = useState(false);
  const flaggedFromPartner = !own && message.kind === "photo" && Boolean(message.photo?.flagged);
  const covered = flaggedFromPartner && !revealed;
  return (
    <div className={`chat-bubble-row${own ? " is-own" : ""}`} data-testid="chat-message">
      <div className={`chat-bubble${own ? " chat-bubble-own" : " chat-bubble-partner"}${pending ? " is-pending" : ""}`}>
        <span className="visually-hidden">{own ? t("chat.said_own") : t("chat.said_partner", { name: partnerName })} </span>
        {message.kind === "text" ? (
          <span key="span" className="chat-text">
            {message.body}
          </span>
        ) : message.kind === "photo" && message.photo ? (
          <ChatPhoto
            key="chatPhoto"
            photo={message.photo}
            alt={own ? t("chat.photo_own") : t("chat.photo_from", { name: partnerName })}
            flaggedFrom={flaggedFromPartner ? { id: partnerId, name: partnerName, messageId: message.id } : undefined}
            revealed={revealed}
            onReveal={() => setRevealed(true)}
          />
        ) : message.kind === "voice" && message.voice ? (
          <VoicePlayer key="voicePlayer" voice={message.voice} label={own ? t("chat.voice_own") : t("chat.voice_from", { name: partnerName })} />
        ) : message.kind === "call" && message.call ? (
          <CallEntry key="callEntry" call={message.call} own={own} endedAt={message.created_at} />
        ) : message.kind === "gift" && isGift(message.body) ? (
          <span key="span-2" className="chat-gift d-flex flex-column align-items-center" data-testid="chat-gift">
            <img src={`/gifts/${message.body}.svg`} alt="" width={96} height={96} />
            <span className="small fw-semibold">{t(`gifts.${message.body}`)}</span>
          </span>
        ) : (
          <em key="em">{t(`chat.kind_${message.kind}`)}</em>
        )}
        <span className="chat-meta">
          <time dateTime={message.created_at}>{formats.date(message.created_at, { timeStyle: "short" })}</time>
          {own && pending && <span>{t("chat.sending")}</span>}
          {own && !pending && message.read && (
            <span className="chat-read" title={t("chat.read")} data-testid="chat-read">
              <Icon name="check" size={14} />
              <Icon name="check" size={14} />
              <span className="visually-hidden">{t("chat.read")}</span>
            </span>
          )}
        </span>
      </div>
      {!own && !pending && message.id > 0 && !covered && <ReportButton id={partnerId} name={partnerName} messageId={message.id} />}
      {!own && message.nudge && <NudgeNote messageId={message.id} partnerId={partnerId} partnerName={partnerName} />}
      {own && message.photo?.flagged && (
        <div className="chat-note-line">
          <p className="chat-scam-note small" role="note" data-testid="chat-photo-flagged-own">
            <Icon name="eyeOff" size={16} />
            <span>{t("chat.photo_flagged_own", { name: partnerName })}</span>
          </p>
        </div>
      )}
      {!own && message.scam && message.scam.length > 0 && (
        <div className="chat-note-line">
          <p className="chat-scam-note small" role="note" data-testid="chat-scam-note">
            <Icon name="shield" size={16} />
            <span>
              {t(message.scam.some(isMoneySignal) ? "chat.scam_money" : "chat.scam_contact")} <PrefetchLink to="/safety">{t("chat.scam_tips")}</PrefetchLink>
            </span>
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * "Does this bother you?" under a received message that looks insulting or sexual, sent before the
 * member wrote (issue 22): report it (the report dialog opens with "Harassment" chosen and the message
 * attached) or answer "No, it's fine"; either way the question is not asked again.
 */
function NudgeNote({ messageId, partnerId, partnerName }: { messageId: number; partnerId: number; partnerName: string }) {
  const { t } = useTranslation();
  const dismiss = useDismissNudge();
  return (
    <div className="chat-note-line">
      <div className="chat-nudge-note small" role="note" data-testid="chat-nudge">
        <p className="fw-semibold mb-1 d-flex align-items-center gap-1">
          <Icon name="shield" size={16} />
          {t("chat.nudge_title")}
        </p>
        <p className="mb-2">{t("chat.nudge_text", { name: partnerName })}</p>
        <div className="d-flex flex-wrap gap-2">
          <ReportButton id={partnerId} name={partnerName} messageId={messageId} nudge={{ reason: "harassment", onReported: () => forgetNudge(messageId) }} />
          <Button size="sm" variant="outline-secondary" disabled={dismiss.isPending} onClick={() => dismiss.mutate(messageId)} data-testid="chat-nudge-fine">
            {t("chat.nudge_fine")}
          </Button>
        </div>
        {dismiss.error && (
          <p className="text-danger mt-2 mb-0" role="alert">
            {dismiss.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
