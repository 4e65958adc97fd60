import { z } from "zod";
import { withoutControlCharacters } from "../plainText";
import { idSchema } from "./ids";
import { CALL_MEDIA, CALL_OUTCOMES } from "../callRules";
import { CHAT_HISTORY_LIMIT } from "../constants";
import { GIFTS } from "../gifts";
import { SCAM_KINDS } from "../scamSignals";
import { memberCardSchema } from "./user";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";

// Conversations and messages (spec sections 3 and 7: chat list item, GET /api/chats.php, DELETE /api/chat.php).

/** The folders of the conversation list: the inbox, and Hidden (hidden words, issue 22). */
export const CHAT_FOLDERS = ["inbox", "hidden"] as const;
export type ChatFolder = (typeof CHAT_FOLDERS)[number];

const id = idSchema;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  sender: z.number().int(),
  kind: z.enum(["text", "photo", "gift", "voice", "call"]),
  body: z.string(),
  /**
   * A photo message: the photo and its thumbnail (only the two members of the conversation may fetch
   * them). `flagged`: the nudity model found it explicit (photo safety): its recipient sees it blurred
   * until they choose to view it.
   */
  photo: z.object({ url: z.string(), thumb: z.string(), flagged: z.literal(true).optional() }).optional(),
  /** A voice message: its recording (only the two members of the conversation may fetch it) and how long it plays. */
  voice: z.object({ url: z.string(), duration_ms: z.number().int() }).optional(),
  /**
   * A call's entry (issue 22), written when it ended (`created_at`): sound and picture or sound only,
   * how it ended, and how long the two talked (null when they never did). Its sender is the caller.
   */
  call: z.object({ media: z.enum(CALL_MEDIA), outcome: z.enum(CALL_OUTCOMES), duration_ms: z.number().int().nullable() }).optional(),
  created_at: z.string(),
  /** Read by the other member (read receipts, free for both). */
  read: z.boolean(),
  /** A received text that asks for money or moves the talk elsewhere (scamSignals): its recipient is warned. Never sent to its sender. */
  scam: z.array(z.enum(SCAM_KINDS)).optional(),
  /**
   * A received text that looks insulting or sexual (common/harassment.ts), sent before its recipient had
   * written in the conversation: they are asked "Does this bother you?" until they answer. Never sent to its sender.
   */
  nudge: z.literal(true).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat list item: conversation (id), profile (id) and unread count, plus what the list shows. */
export const chatListItemSchema = z.object({
  conversation: z.number().int(),
  profile: z.number().int(),
  num_unread_messages: z.number().int(),
  /**
   * Where the member finds it (issue 22): "hidden" when a new contact's message held one of the
   * member's hidden words; its unread messages count in no badge.
   */
  folder: z.enum(CHAT_FOLDERS),
  member: memberCardSchema,
  last_message: chatMessageSchema.nullable(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

export const chatsResponseSchema = z.object({ chats: z.array(chatListItemSchema) });
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;

export const conversationQuerySchema = z
  .object({
    id: id.optional(),
    member: id.optional(),
    /** How many of the newest messages to answer (default CHAT_PAGE_SIZE); never more than the history limit. */
    limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_LIMIT).optional(),
  })
  .strict()
  .refine((q) => q.id !== undefined || q.member !== undefined, { error: "errors.not_found" });

export const conversationResponseSchema = z.object({
  conversation: z.number().int().nullable(),
  member: memberCardSchema,
  messages: z.array(chatMessageSchema),
  /** More older messages can be loaded (with a larger limit), within the history limit. */
  has_older: z.boolean(),
  /** Older messages exist beyond the history limit (they are never shown). */
  older_hidden: z.boolean(),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** POST /api/chat.php: a text message to a member (starting a conversation) or in a conversation. */
export const sendMessageSchema = z
  .object({ to: id.optional(), conversation: id.optional(), text: z.string({ error: "errors.message_empty" }).overwrite(withoutControlCharacters).max(20_000) })
  .strict()
  .refine((b) => b.to !== undefined || b.conversation !== undefined, { error: "errors.not_found", path: ["to"] });
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const sendMessageResponseSchema = z.object({ message: chatMessageSchema, credits: z.number().int() });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** POST /api/gift.php: a gift from the catalogue, to a member or in a conversation. */
export const sendGiftSchema = z
  .object({ to: id.optional(), conversation: id.optional(), gift: z.enum(GIFTS, { error: "errors.field_invalid" }) })
  .strict()
  .refine((b) => b.to !== undefined || b.conversation !== undefined, { error: "errors.not_found", path: ["to"] });
export type SendGift = z.infer<typeof sendGiftSchema>;

/** POST /api/chatphoto.php?to=… or ?conversation=…: a photo in chat (multipart/form-data, field `photo`). */
export const sendPhotoQuerySchema = z
  .object({ to: id.optional(), conversation: id.optional() })
  .strict()
  .refine((b) => b.to !== undefined || b.conversation !== undefined, { error: "errors.not_found", path: ["to"] });

/** POST /api/chatvoice.php?to=… or ?conversation=…: a voice message (multipart/form-data, field `voice`), addressed like a photo. */
export const sendVoiceQuerySchema = sendPhotoQuerySchema;

export const deleteConversationQuerySchema = z.object({ conversation: id }).strict();

/** POST /api/chatfolder.php: moves one of the member's conversations back to the inbox (the only move a member makes). */
export const moveConversationSchema = z.object({ conversation: id, folder: z.enum(["inbox"], { error: "errors.field_invalid" }) }).strict();

/** POST /api/chatnudge.php: the recipient's answer "No, it's fine" to a message's harassment nudge. */
export const dismissNudgeSchema = z.object({ message: id }).strict();

/** The chat's calls (the server's routes and the web client's typed calls share them). */
export const chatCalls = {
  "GET /api/chats.php": { response: { 200: chatsResponseSchema } },
  "GET /api/chat.php": { querystring: conversationQuerySchema, response: { 200: conversationResponseSchema } },
  "POST /api/chat.php": { body: sendMessageSchema, response: { 200: sendMessageResponseSchema } },
  "POST /api/gift.php": { body: sendGiftSchema, response: { 200: sendMessageResponseSchema } },
  "POST /api/chatphoto.php": { querystring: sendPhotoQuerySchema, response: { 200: sendMessageResponseSchema } },
  "POST /api/chatvoice.php": { querystring: sendVoiceQuerySchema, response: { 200: sendMessageResponseSchema } },
  "DELETE /api/chat.php": { querystring: deleteConversationQuerySchema, response: { 200: okSchema } },
  "POST /api/chatfolder.php": { body: moveConversationSchema, response: { 200: okSchema } },
  "POST /api/chatnudge.php": { body: dismissNudgeSchema, response: { 200: okSchema } },
} as const satisfies Calls;
