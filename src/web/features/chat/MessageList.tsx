import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { ConversationResponse } from "../../../common/schemas/chat";
import { type ConversationRef, loadOlderMessages } from "../../api/chatApi";
import { Icon } from "../../components/Icon";
import { useFormats } from "../../i18n/formats";
import { MessageBubble } from "./MessageBubble";
import { dayDate, dayLabelKind, groupByDay } from "./messageDays";

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_END_PX = 80;

interface Props {
  conversation: ConversationResponse;
  ownId: number;
  /** How the conversation is fetched: older messages are loaded through it. */
  target: ConversationRef;
}

/**
 * The messages with day separators, kept scrolled to the newest while the member is reading there.
 * Older messages load on request at the top (up to the history limit) without moving what the member
 * reads; scrolled up, a button jumps back to the newest. A live log: screen readers announce
 * messages as they arrive.
 */
export function MessageList({ conversation, ownId, target }: Props) {
  const { t } = useTranslation();
  const formats = useFormats();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** While older messages load: the distance from the bottom to keep, so that the view stays put. */
  const keepFromBottom = useRef<number | null>(null);
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

  // Older messages came in above: the member keeps reading where they were.
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && firstId !== undefined && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [firstId]);

  const loadOlder = () => {
    const el = scroller.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    setLoadingOlder(true);
    loadOlderMessages(target)
      .catch(() => {
        keepFromBottom.current = null;
      })
      .finally(() => setLoadingOlder(false));
  };

  const jumpToNewest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atEnd.current = true;
    setAwayFromEnd(false);
  };

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
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    // The jump button once the newest message is out of sight.
    setAwayFromEnd(el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight / 2);
  };

  const dayLabel = (day: string) => {
    const kind = dayLabelKind(day, now);
    return kind === "date" ? formats.date(dayDate(day), { dateStyle: "medium" }) : t(`chat.${kind}`);
  };

  return (
    <div className="chat-messages-frame">
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
          {conversation.has_older && (
            <div className="text-center mb-2">
              <Button variant="outline-secondary" size="sm" disabled={loadingOlder} onClick={loadOlder} data-testid="chat-load-older">
                {t("chat.load_older")}
              </Button>
            </div>
          )}
          {!conversation.has_older && conversation.older_hidden && (
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
                <MessageBubble key={message.id} message={message} own={message.sender === ownId} partnerName={member.name} partnerId={member.id} />
              ))}
            </Fragment>
          ))}
        </Container>
      </div>
      {awayFromEnd && (
        <Button variant="primary" className="chat-jump-newest shadow" onClick={jumpToNewest} data-testid="chat-jump-newest">
          <Icon name="down" size={18} />
          <span>{t("chat.jump_newest")}</span>
        </Button>
      )}
    </div>
  );
}
