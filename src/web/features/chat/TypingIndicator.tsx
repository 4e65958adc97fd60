import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isTyping, TYPING_SHOWN_MS, useTypingStore } from "../../stores/typingStore";

/** "Anna is typing…" while the partner types in this conversation. */
export function TypingIndicator({ conversation, name }: { conversation: number | null; name: string }) {
  const { t } = useTranslation();
  const until = useTypingStore((s) => s.until);
  const [, tick] = useState(0);
  const typing = isTyping(until, conversation);
  // Re-render when the signal runs out, so the line goes away without a new event.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => tick((n) => n + 1), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);
  return (
    <div className="chat-typing small text-body-secondary px-3" aria-live="polite" data-testid="typing-indicator">
      {typing ? t("chat.typing", { name }) : "\u00a0"}
    </div>
  );
}
