import { useState } from "react";
import { Alert, Button, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../common/schemas/chat";
import { useChats, useDeleteChat } from "../api/chatApi";
import { useUser } from "../api/userApi";
import { ConfirmModal } from "../components/ConfirmModal";
import { PageSpinner } from "../components/PageSpinner";
import { ChatListRow } from "../features/chat/ChatListRow";
import { ChatsEmpty } from "../features/chat/ChatsEmpty";

/** The member's conversations, newest first, each with a remove button (spec sections 2 and 4). */
export function ChatsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const chats = useChats();
  const remove = useDeleteChat();
  // The conversation asked about stays set while the dialog fades out, so that its title keeps the name.
  const [asking, setAsking] = useState<ChatListItem | null>(null);
  const [showConfirm, setShowConfirm] = useState(false);
  const now = new Date();

  const confirmRemove = () => {
    if (!asking) return;
    // Off the list at once; a failure shows below the title and the list reloads.
    remove.mutate(asking.conversation);
    setShowConfirm(false);
  };

  return (
    <Container className="py-3 py-md-4 chats-page" data-testid="chats-page">
      <h1 className="h3 mb-3">{t("chat.title")}</h1>
      {remove.isError && (
        <Alert variant="danger" dismissible onClose={() => remove.reset()} closeLabel={t("common.close")} data-testid="chat-remove-error">
          {t("chat.remove_failed", { error: remove.error.message })}
        </Alert>
      )}
      {chats.data ? (
        chats.data.chats.length === 0 ? (
          <ChatsEmpty />
        ) : (
          <ul className="chat-list list-unstyled mb-0" aria-label={t("chat.list_label")}>
            {chats.data.chats.map((chat) => (
              <ChatListRow
                key={chat.conversation}
                chat={chat}
                ownId={user?.id ?? 0}
                now={now}
                onRemove={() => {
                  setAsking(chat);
                  setShowConfirm(true);
                }}
              />
            ))}
          </ul>
        )
      ) : chats.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{chats.error.message}</span>
          <Button size="sm" variant="outline-danger" onClick={() => chats.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : (
        <PageSpinner />
      )}
      <ConfirmModal
        show={showConfirm}
        title={t("chat.remove_title", { name: asking?.member.name ?? "" })}
        confirmLabel={t("chat.remove")}
        onConfirm={confirmRemove}
        onCancel={() => setShowConfirm(false)}
      >
        {t("chat.remove_text", { name: asking?.member.name ?? "" })}
      </ConfirmModal>
    </Container>
  );
}
