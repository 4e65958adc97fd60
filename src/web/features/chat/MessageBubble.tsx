import { useTranslation } from "react-i18next";
import { isGift } from "../../../common/gifts";
import type { ChatMessage } from "../../../common/schemas/chat";
import { isPending } from "../../api/chatApi";
import { Icon } from "../../components/Icon";
import { useFormats } from "../../i18n/formats";
import { ReportButton } from "../members/ReportButton";
import { PrefetchLink } from "../../components/PrefetchLink";
import { isMoneySignal } from "../../../common/scamSignals";
import { ChatPhoto } from "./ChatPhoto";
import { VoicePlayer } from "./VoicePlayer";

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
  return (
    <div className={`chat-bubble-row${own ? " is-own" : ""}`} data-testid="chat-message">
      <div className={`chat-bubble${own ? " chat-bubble-own" : " chat-bubble-partner"}${pending ? " is-pending" : ""}`}>
        <span className="visually-hidden">{own ? t("chat.said_own") : t("chat.said_partner", { name: partnerName })} </span>
        {message.kind === "text" ? (
          <span className="chat-text">{message.body}</span>
        ) : message.kind === "photo" && message.photo ? (
          <ChatPhoto photo={message.photo} alt={own ? t("chat.photo_own") : t("chat.photo_from", { name: partnerName })} />
        ) : message.kind === "voice" && message.voice ? (
          <VoicePlayer voice={message.voice} label={own ? t("chat.voice_own") : t("chat.voice_from", { name: partnerName })} />
        ) : message.kind === "gift" && isGift(message.body) ? (
          <span className="chat-gift d-flex flex-column align-items-center" data-testid="chat-gift">
            <img src={`/gifts/${message.body}.svg`} alt="" width={96} height={96} />
            <span className="small fw-semibold">{t(`gifts.${message.body}`)}</span>
          </span>
        ) : (
          <em>{t(`chat.kind_${message.kind}`)}</em>
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
      {!own && !pending && message.id > 0 && <ReportButton id={partnerId} name={partnerName} messageId={message.id} />}
      {!own && message.scam && message.scam.length > 0 && (
        <p className="chat-scam-note small" role="note" data-testid="chat-scam-note">
          <Icon name="shield" size={16} />
          <span>
            {t(message.scam.some(isMoneySignal) ? "chat.scam_money" : "chat.scam_contact")} <PrefetchLink to="/safety">{t("chat.scam_tips")}</PrefetchLink>
          </span>
        </p>
      )}
    </div>
  );
}
