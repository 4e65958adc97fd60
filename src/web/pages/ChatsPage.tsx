import { useState } from "react";
import { Alert, Badge, Button, Container, Nav } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { ChatFolder, ChatListItem } from "../../common/schemas/chat";
import { seedChatsFromPage, useChats, useDeleteChat, useShowInInbox } from "../api/chatApi";
import { useUser } from "../api/userApi";
import { ConfirmModal } from "../components/ConfirmModal";
import { PageSpinner } from "../components/PageSpinner";
import { ChatListRow } from "../features/chat/ChatListRow";
import { ChatsEmpty } from "../features/chat/ChatsEmpty";

// A member's first page of /chats brings their conversations: into the cache before the page first renders.
seedChatsFromPage();

/**
 * The member's conversations, newest first, each with a remove button (spec sections 2 and 4); those
 * that the member's hidden words held back under a Hidden tab (issue 22, `?folder=hidden`).
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const chats = useChats();
  const remove = useDeleteChat();
  const showInInbox = useShowInInbox();
  const [params] = useSearchParams();
  const folder: ChatFolder = params.get("folder") === "hidden" ? "hidden" : "inbox";
  const all = chats.data?.chats ?? [];
  const hiddenCount = all.filter((c) => c.folder === "hidden").length;
  const shown = all.filter((c) => c.folder === folder);
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
      {(hiddenCount > 0 || folder === "hidden") && (
        <Nav variant="underline" className="mb-3" aria-label={t("chat.folders_label")} data-testid="chat-folders">
          <Nav.Item>
            <Nav.Link as={Link} to="/chats" active={folder === "inbox"} replace>
              {t("chat.folder_inbox")}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link as={Link} to="/chats?folder=hidden" active={folder === "hidden"} replace data-testid="chat-folder-hidden">
              {t("chat.folder_hidden")}{" "}
              <Badge pill bg="light" text="dark" className="border ms-1" data-testid="chat-hidden-count">
                {hiddenCount}
              </Badge>
            </Nav.Link>
          </Nav.Item>
        </Nav>
      )}
      {folder === "hidden" && (
        <p className="small text-body-secondary" data-testid="chat-hidden-intro">
          {t("chat.hidden_intro")} <Link to="/profile#hidden-words">{t("chat.hidden_settings_link")}</Link>
        </p>
      )}
      {showInInbox.isError && (
        <Alert variant="danger" dismissible onClose={() => showInInbox.reset()} closeLabel={t("common.close")}>
          {t("chat.show_in_inbox_failed", { error: showInInbox.error.message })}
        </Alert>
      )}
      {remove.isError && (
        <Alert variant="danger" dismissible onClose={() => remove.reset()} closeLabel={t("common.close")} data-testid="chat-remove-error">
          {t("chat.remove_failed", { error: remove.error.message })}
        </Alert>
      )}
      {chats.data ? (
        shown.length === 0 ? (
          folder === "hidden" ? (
            <p key="p" className="text-body-secondary" data-testid="chat-hidden-empty">
              {t("chat.hidden_empty")}
            </p>
          ) : (
            <ChatsEmpty key="chatsEmpty" />
          )
        ) : (
          <ul key="ul" className="chat-list list-unstyled mb-0" aria-label={t(folder === "hidden" ? "chat.folder_hidden" : "chat.list_label")}>
            {shown.map((chat) => (
              <ChatListRow
                key={chat.conversation}
                chat={chat}
                ownId={user?.id ?? 0}
                now={now}
                onRemove={() => {
                  setAsking(chat);
                  setShowConfirm(true);
                }}
                onShowInInbox={folder === "hidden" ? () => showInInbox.mutate(chat.conversation) : undefined}
              />
            ))}
          </ul>
        )
      ) : chats.isError ? (
        <Alert key="alert" variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{chats.error.message}</span>
          <Button size="sm" variant="outline-danger" onClick={() => chats.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : (
        <PageSpinner key="pageSpinner" />
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
