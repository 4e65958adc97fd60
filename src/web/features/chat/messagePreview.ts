import type { ChatMessage } from "../../../common/schemas/chat";

/** What the conversation list shows of the last message; photos, gifts and voice messages show as a label. */
export type MessagePreview = { kind: "none" } | { kind: "photo" | "gift" | "voice" | "call"; own: boolean } | { kind: "text"; own: boolean; text: string };

const PREVIEW_MAX_LENGTH = 80;

/** The last message of a conversation as the list shows it: one line, at most 80 characters. */
export function messagePreview(message: ChatMessage | null, ownId: number): MessagePreview {
  if (!message) return { kind: "none" };
  const own = message.sender === ownId;
  if (message.kind !== "text") return { kind: message.kind, own };
  const line = message.body.replace(/\s+/g, " ").trim();
  // Whole characters (not UTF-16 halves), so that an emoji is never cut in two.
  const chars = Array.from(line);
  const text =
    chars.length > PREVIEW_MAX_LENGTH
      ? `${chars
          .slice(0, PREVIEW_MAX_LENGTH - 1)
          .join("")
          .trimEnd()}…`
      : line;
  return { kind: "text", own, text };
}
