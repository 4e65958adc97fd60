import type { Language } from "../../../common/locales";
import type { PushKind, PushMessage } from "../../../common/schemas/push";
import { translate } from "../../i18n";
import type { MessageKind } from "../../db/schema";

/** Longest preview of a text message in a notification (lock screens show two or three lines). */
export const PUSH_PREVIEW_LENGTH = 120;

/** Site icon and the small monochrome badge (Android status bar), in src/web/public. */
export const PUSH_SITE_ICON = "/push-icon.png";
export const PUSH_BADGE = "/push-badge.png";

export interface PushMessageInput {
  kind: PushKind;
  language: Language;
  /** The site's address as the member uses it, without trailing slash. */
  origin: string;
  /** The site's CDN prefix for photos ("" when photos come from the site itself). */
  cdnPrefix: string;
  senderId: number;
  senderName: string;
  /** Path of the sender's main-photo thumbnail when everyone may see it, else null. */
  senderThumb: string | null;
  conversation?: number;
  message?: { kind: MessageKind; body: string; attachment: string | null };
  at: Date;
}

/** A text on one line, cut at `max` characters (whole characters, not UTF-16 halves) with an ellipsis. */
export function shorten(text: string, max = PUSH_PREVIEW_LENGTH): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(oneLine);
  return chars.length <= max
    ? oneLine
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

function messageBody(input: PushMessageInput): string {
  const { language: lng, message } = input;
  if (!message) return translate(lng, "push.body_message");
  if (message.kind === "photo") return translate(lng, "push.body_photo");
  if (message.kind === "voice") return translate(lng, "push.body_voice");
  if (message.kind === "gift") return translate(lng, "push.body_gift", { gift: translate(lng, `gifts.${message.attachment ?? ""}`) });
  return shorten(message.body) || translate(lng, "push.body_message");
}

/** Whether the message pushed is the entry of a call the member missed (nobody answered, or the caller gave up while it rang). */
function missedCall(input: PushMessageInput): boolean {
  return input.message?.kind === "call" && (input.message.body === "missed" || input.message.body === "cancelled");
}

/** The page a notification opens: the conversation for a message, the likes page (matches tab for a match). */
export function pushPath(kind: PushKind, conversation?: number): string {
  if (kind === "message") return conversation ? `/chats/${conversation}` : "/chats";
  return kind === "match" ? "/likes/matches" : "/likes";
}

/**
 * The notification of a message, like or match in the recipient's language. The tag makes a newer
 * notification of the same conversation (or the next like) replace the older one on the screen.
 */
export function buildPushMessage(input: PushMessageInput): PushMessage {
  const { kind, language: lng, origin } = input;
  const name = input.senderName;
  const icon = input.senderThumb ? (input.cdnPrefix || origin) + input.senderThumb : origin + PUSH_SITE_ICON;
  const common = { kind, icon, badge: origin + PUSH_BADGE, url: origin + pushPath(kind, input.conversation), lang: lng, timestamp: input.at.getTime() };
  switch (kind) {
    case "message":
      return {
        ...common,
        // A missed call is pushed as what it is (calls.service.ts), not as a message to read.
        title: missedCall(input) ? translate(lng, "calls.outcome_missed_short") : translate(lng, "push.title_message", { name }),
        body: missedCall(input) ? translate(lng, "calls.missed_from", { name }) : messageBody(input),
        tag: `chat-${input.conversation ?? input.senderId}`,
        ...(input.conversation ? { conversation: input.conversation } : {}),
      };
    case "like":
      return { ...common, title: translate(lng, "push.title_like", { name }), body: translate(lng, "push.body_like"), tag: "likes" };
    case "match":
      return {
        ...common,
        title: translate(lng, "push.title_match", { name }),
        body: translate(lng, "push.body_match", { name }),
        tag: `match-${input.senderId}`,
      };
  }
}
