import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/apiClient";
import { type ConversationRef, markChatReadLocally, useConversation } from "../api/chatApi";
import { refetchUserQuietly, useUser } from "../api/userApi";
import { ErrorPage } from "../components/ErrorPage";
import { PageSpinner } from "../components/PageSpinner";
import { ChatHeader } from "../features/chat/ChatHeader";
import { MessageList } from "../features/chat/MessageList";
import { SendBar } from "../features/chat/SendBar";
import { BlockedByNotice } from "../features/members/BlockedByNotice";
import { parseMemberId } from "../features/members/parseMemberId";
import { useRouteName } from "../hooks/useRouteName";
import { useChatStore } from "../stores/chatStore";
import { TypingIndicator } from "../features/chat/TypingIndicator";
import { HiddenFolderNotice } from "../features/chat/HiddenFolderNotice";

/**
 * A conversation, full screen: at /chats/:id by conversation id, and at /members/:id/chat by the other
 * member's id (a new conversation starts there). The profile's gift button adds ?gift=1, which is
 * ignored until gifts exist.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const byMember = useRouteName() === "members-id-chat";
  const id = parseMemberId(useParams().id);
  if (id === null) {
    return (
      <>
        <ChatHeader member={null} />
        <main className="chat-main overflow-auto" id="main">
          <ErrorPage status={404} message={t("errors.not_found")} />
        </main>
      </>
    );
  }
  const target: ConversationRef = byMember ? { member: id } : { id };
  return <Conversation key={`${byMember ? "member" : "id"}-${id}`} target={target} />;
}

function Conversation({ target }: { target: ConversationRef }) {
  const { t } = useTranslation();
  const user = useUser();
  const conversation = useConversation(target);
  const { data, refetch } = conversation;
  const conversationId = data?.conversation ?? ("id" in target ? target.id : null);
  const memberId = data?.member.id ?? ("member" in target ? target.member : null);
  const hasData = data !== undefined;

  // Fresh credits for the price check of the send bar.
  useEffect(() => {
    void refetchUserQuietly().catch(() => {});
  }, []);

  // Opening the conversation sets its unread count to 0 at once (spec section 4). Unread messages
  // showing up later (a poll) are new messages: fetching them marks them read too.
  const unreadHere = useChatStore((s) => s.chats.find((c) => c.conversation === conversationId || c.profile === memberId)?.num_unread_messages ?? 0);
  useEffect(() => {
    if (unreadHere === 0) return;
    markChatReadLocally({ conversation: conversationId, member: memberId });
    if (hasData) void refetch();
  }, [unreadHere, conversationId, memberId, hasData, refetch]);

  if (!user) return null;
  const error = conversation.error;
  return (
    <>
      <ChatHeader member={data?.member ?? null} conversation={data?.conversation ?? null} />
      <main className="chat-main" id="main">
        {data ? (
          <>
            <HiddenFolderNotice conversation={conversationId} />
            <MessageList conversation={data} ownId={user.id} target={target} />
            <TypingIndicator conversation={conversationId} name={data.member.name} />
            <SendBar
              target={target}
              partner={data.member}
              user={user}
              conversation={conversationId}
              firstMessage={data.messages.length === 0}
              partnerAnswered={data.messages.some((m) => m.sender === data.member.id)}
            />
          </>
        ) : error ? (
          <div className="overflow-auto">
            {error instanceof ApiError && error.code === "blocked_by" ? (
              <BlockedByNotice message={error.message} />
            ) : (
              <ErrorPage status={error instanceof ApiError && error.status > 0 ? error.status : 500} message={error.message || t("errors.error")} />
            )}
          </div>
        ) : (
          <PageSpinner />
        )}
      </main>
    </>
  );
}
