import { Fragment, useEffect, useLayoutEffect, useRef } from "react";
import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { ConversationResponse } from "../../../common/schemas/chat";
import { useFormats } from "../../i18n/formats";
import { MessageBubble } from "./MessageBubble";
import { dayDate, dayLabelKind, groupByDay } from "./messageDays";

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_END_PX = 80;

interface Props {
  conversation: ConversationResponse;
  ownId: number;
}

/**
 * The messages with day separators, kept scrolled to the newest while the member is reading there.
 * A live log: screen readers announce messages as they arrive.
 */
export function MessageList({ conversation, ownId }: Props) {
  const { t } = useTranslation();
  const formats = useFormats();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const { messages, member } = conversation;
  const last = messages.at(-1);
  const now = new Date();

  // To the newest on opening, on a new message while reading the end, and always after sending.
  const lastId = last?.id;
  const lastIsOwn = last?.sender === ownId;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && lastId !== undefined && (atEnd.current || lastIsOwn)) el.scrollTop = el.scrollHeight;
  }, [lastId, lastIsOwn]);

  // The phone keyboard opening shrinks the list: stay at the end if the member was there.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
  };

  const dayLabel = (day: string) => {
    const kind = dayLabelKind(day, now);
    return kind === "date" ? formats.date(dayDate(day), { dateStyle: "medium" }) : t(`chat.${kind}`);
  };

  return (
    <div
      className="chat-messages"
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={t("chat.messages_label", { name: member.name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
      tabIndex={0}
      data-testid="chat-messages"
    >
      <Container className="chat-container py-3 px-2 px-sm-3">
        {conversation.older_hidden && (
          <p className="chat-note" data-testid="chat-older-hidden">
            {t("chat.older_hidden")}
          </p>
        )}
        {messages.length === 0 && (
          <div className="chat-start text-center text-body-secondary py-5" data-testid="chat-start">
            <p className="fw-semibold text-body mb-1">{t("chat.start_title", { name: member.name })}</p>
            <p className="small mb-0">{t("chat.start_text")}</p>
          </div>
        )}
        {groupByDay(messages).map((group) => (
          <Fragment key={group.day}>
            <div className="chat-day">
              <span>{dayLabel(group.day)}</span>
            </div>
            {group.messages.map((message) => (
              <MessageBubble key={message.id} message={message} own={message.sender === ownId} partnerName={member.name} />
            ))}
          </Fragment>
        ))}
      </Container>
    </div>
  );
}
