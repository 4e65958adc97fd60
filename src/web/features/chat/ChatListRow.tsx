import { Badge } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../common/schemas/chat";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useFormats } from "../../i18n/formats";
import { useLocalTime } from "../../hooks/useLocalTime";
import { countBadgeText } from "../layout/countBadgeText";
import { VerifiedBadge } from "../members/VerifiedBadge";
import { FictionalMark } from "./FictionalMark";
import { MemberAvatar } from "./MemberAvatar";
import { listTimeOptions } from "./messageDays";
import { messagePreview } from "./messagePreview";

interface Props {
  chat: ChatListItem;
  ownId: number;
  now: Date;
  onRemove(): void;
  /** In the Hidden folder: moves the conversation back to the inbox. */
  onShowInInbox?: () => void;
}

/** One conversation of the list: photo, name and age, the last message, its time and the unread count. */
export function ChatListRow({ chat, ownId, now, onRemove, onShowInInbox }: Props) {
  const { t } = useTranslation();
  const formats = useFormats();
  const localTime = useLocalTime();
  const { member, last_message: last, num_unread_messages: unread } = chat;
  const preview = messagePreview(last, ownId);
  const label = preview.kind === "none" ? t("chat.preview_none") : preview.kind === "text" ? preview.text : t(`chat.kind_${preview.kind}`);
  const previewText = preview.kind !== "none" && preview.own ? t("chat.preview_own", { text: label }) : label;
  return (
    <li className={`chat-row${unread > 0 ? " has-unread" : ""}`} data-testid="chat-row">
      <PrefetchLink to={`/chats/${chat.conversation}`} className="chat-row-link">
        <MemberAvatar member={member} size={56} />
        <div className="chat-row-body">
          <div className="d-flex align-items-baseline gap-2">
            <span className="chat-row-name text-truncate">
              {member.name}
              {member.age !== null && <span className="fw-normal">{`, ${member.age}`}</span>}
              {member.verified && <VerifiedBadge size={16} className="ms-1" />}
            </span>
            {member.fictional && <FictionalMark />}
            {last && (
              <time className="ms-auto small text-body-secondary text-nowrap" dateTime={last.created_at}>
                {localTime && formats.date(last.created_at, listTimeOptions(last.created_at, now))}
              </time>
            )}
          </div>
          <div className="d-flex align-items-center gap-2">
            <span className={`chat-row-preview text-truncate small${preview.kind === "text" ? "" : " fst-italic"}`}>{previewText}</span>
            {unread > 0 && (
              <Badge pill className="unread-badge ms-auto" data-testid="chat-unread">
                {countBadgeText(unread)}
                <span className="visually-hidden"> {t("chat.unread", { count: unread })}</span>
              </Badge>
            )}
          </div>
        </div>
      </PrefetchLink>
      {onShowInInbox && (
        <button type="button" className="btn btn-sm btn-outline-primary chat-show-inbox" onClick={onShowInInbox} data-testid="chat-show-inbox">
          {t("chat.show_in_inbox")}
          {/* Which conversation, for a screen reader going from button to button; the visible words come first. */}
          <span className="visually-hidden">, {member.name}</span>
        </button>
      )}
      <button
        type="button"
        className="btn chat-remove"
        onClick={onRemove}
        title={t("chat.remove")}
        aria-label={t("chat.remove_label", { name: member.name })}
        data-testid="chat-remove"
      >
        <Icon name="trash" size={20} />
      </button>
    </li>
  );
}
