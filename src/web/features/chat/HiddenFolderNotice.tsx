import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useShowInInbox } from "../../api/chatApi";
import { useChatStore } from "../../stores/chatStore";

/** Above a conversation in the member's Hidden folder (hidden words, issue 22): why, and the way back to the inbox. */
export function HiddenFolderNotice({ conversation }: { conversation: number | null }) {
  const { t } = useTranslation();
  const hidden = useChatStore((s) => s.chats.some((c) => c.conversation === conversation && c.folder === "hidden"));
  const showInInbox = useShowInInbox();
  if (!hidden || conversation === null) return null;
  return (
    <div
      className="chat-hidden-notice d-flex flex-wrap align-items-center gap-2 px-3 py-2 small border-bottom bg-body-tertiary"
      data-testid="chat-hidden-notice"
    >
      <span className="me-auto">{t("chat.in_hidden_notice")}</span>
      <Button size="sm" variant="outline-primary" onClick={() => showInInbox.mutate(conversation)} disabled={showInInbox.isPending}>
        {t("chat.show_in_inbox")}
      </Button>
      {showInInbox.isError && <span className="text-danger w-100">{t("chat.show_in_inbox_failed", { error: showInInbox.error.message })}</span>}
    </div>
  );
}
