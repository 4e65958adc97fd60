import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChatListItem, ChatMessage, ChatsResponse, ConversationResponse, SendMessageResponse } from "../../common/schemas/chat";
import type { User } from "../../common/schemas/user";
import { useChatStore } from "../stores/chatStore";
import { ApiError, call } from "./apiClient";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { fillFromPage, refetchUnlessFromPage, takePageData } from "./pageData";
import { patchUser, refetchUserQuietly, userQuery } from "./userApi";
import type { Gift } from "../../common/gifts";
import { postFile, postImage } from "./photosApi";
import { CHAT_HISTORY_LIMIT, CHAT_PAGE_SIZE } from "../../common/constants";

/** A conversation is opened by its id (/chats/:id) or by the other member's id (/members/:id/chat). */
export type ConversationRef = { id: number } | { member: number };

/** The chat store keeps what the top bar and the page title need (spec section 3), and each conversation's folder. */
function toStoreItems(chats: ChatListItem[]) {
  return chats.map(({ conversation, profile, num_unread_messages, folder }) => ({ conversation, profile, num_unread_messages, folder }));
}

/** Puts a changed list in the cache and the chat store together, so that badge and list agree. */
function setChatList(chats: ChatListItem[]): void {
  queryClient.setQueryData<ChatsResponse>(queryKeys.chats, { chats });
  useChatStore.getState().setChats(toStoreItems(chats));
}

/** GET /api/chats.php; the unread counts also go to the chat store. */
async function fetchChats({ signal }: { signal: AbortSignal }): Promise<ChatsResponse> {
  // The loading bar only on the first load: polls happen in the background (spec section 7).
  const firstLoad = queryClient.getQueryData(queryKeys.chats) === undefined;
  const answer = await call("GET /api/chats.php", {}, { progress: firstLoad, signal });
  // As with the likes: a fetch a newer one replaced does not write its older counts.
  if (!signal.aborted) useChatStore.getState().setChats(toStoreItems(answer.chats));
  return answer;
}

/** A member's first page of /chats brings their conversations (server: features/web/firstData.ts): into the cache and the chat store. */
export function seedChatsFromPage(): void {
  const chats = takePageData("chats");
  if (chats) seedChats(chats);
}

/** A member's conversations into the cache and the chat store, as the server just answered them. */
export function seedChats(chats: ChatsResponse): void {
  fillFromPage(queryClient, queryKeys.chats, chats);
  useChatStore.getState().setChats(toStoreItems(chats.chats));
}

// The conversations that the page brought are not asked for again as the page mounts.
export const chatsQuery = { queryKey: queryKeys.chats, queryFn: fetchChats, staleTime: 0, refetchOnMount: refetchUnlessFromPage };

/** The member's conversations, newest first. */
export function useChats() {
  return useQuery(chatsQuery);
}

export function refetchChats(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.chats });
}

/**
 * Sets a conversation's unread count to 0 in the list and the badge at once (spec section 4), matched
 * by conversation id or by the other member's id.
 */
export function markChatReadLocally(match: { conversation?: number | null; member?: number | null }): void {
  const data = queryClient.getQueryData<ChatsResponse>(queryKeys.chats);
  const hit = (c: ChatListItem) => c.conversation === match.conversation || c.profile === match.member;
  if (!data?.chats.some((c) => hit(c) && c.num_unread_messages > 0)) return;
  setChatList(data.chats.map((c) => (hit(c) ? { ...c, num_unread_messages: 0 } : c)));
}

/** How many of the newest messages each open conversation shows (it grows with "load older messages"). */
const conversationLimits = new Map<string, number>();
const limitKey = (ref: ConversationRef) => ("id" in ref ? `id-${ref.id}` : `member-${ref.member}`);

function conversationLimit(ref: ConversationRef): number {
  return conversationLimits.get(limitKey(ref)) ?? CHAT_PAGE_SIZE;
}

/** Loads a page of older messages, up to the history limit: the conversation is fetched again with a larger limit. */
export async function loadOlderMessages(ref: ConversationRef): Promise<void> {
  conversationLimits.set(limitKey(ref), Math.min(conversationLimit(ref) + CHAT_PAGE_SIZE, CHAT_HISTORY_LIMIT));
  await queryClient.refetchQueries({ queryKey: queryKeys.conversation(ref), exact: true });
}

async function fetchConversation(ref: ConversationRef, signal: AbortSignal): Promise<ConversationResponse> {
  const limit = conversationLimit(ref);
  const answer = await call("GET /api/chat.php", { query: limit === CHAT_PAGE_SIZE ? ref : { ...ref, limit } }, { signal });
  // The server marked the conversation read: the badge drops now, and the list is fetched again to be sure.
  markChatReadLocally({ conversation: answer.conversation, member: answer.member.id });
  void refetchChats();
  return answer;
}

/**
 * A message of the member's own as the server confirmed it, with the tick a receipt already gave it (a
 * receipt can arrive before the answer to the send it covers, on a busy server or network).
 */
export function withPartnerRead(message: ChatMessage): ChatMessage {
  const upTo = useChatStore.getState().partnerReadUpTo[message.conversation];
  return upTo !== undefined && message.id <= upTo && !message.read ? { ...message, read: true } : message;
}

/**
 * The partner read a conversation up to a message: its ticks show in the open conversation without a
 * reload (a reload would mark it read again and answer the partner with a receipt of its own).
 */
export function markReadByPartner(conversation: number, upTo: number): void {
  useChatStore.getState().setPartnerRead(conversation, upTo);
  queryClient.setQueriesData<ConversationResponse>({ queryKey: queryKeys.conversations }, (data) =>
    data?.conversation === conversation && data.messages.some((m) => !isPending(m) && m.id <= upTo && !m.read)
      ? { ...data, messages: data.messages.map((m) => (!isPending(m) && m.id <= upTo ? { ...m, read: true } : m)) }
      : data,
  );
}

/** A conversation: the other member and the newest messages, oldest first. Opening it marks it read. */
export function useConversation(ref: ConversationRef) {
  return useQuery({ queryKey: queryKeys.conversation(ref), queryFn: ({ signal }) => fetchConversation(ref, signal), staleTime: 0 });
}

export interface SendInput {
  text: string;
  /** The same key for a retry of the same message, so that it is never sent or charged twice. */
  idempotencyKey: string;
}

/** Messages shown before the server confirmed them have negative ids. */
let lastPendingId = 0;

export function isPending(message: ChatMessage): boolean {
  return message.id < 0;
}

/**
 * Sends a text message (POST /api/chat.php). The bubble shows at once and is taken back if the server
 * refuses; the answer's balance updates the top bar's credits.
 */
export function useSendMessage(ref: ConversationRef) {
  const key = queryKeys.conversation(ref);
  const patchConversation = (patch: (data: ConversationResponse) => ConversationResponse) =>
    queryClient.setQueryData<ConversationResponse>(key, (data) => (data ? patch(data) : data));

  return useMutation({
    mutationFn: ({ text, idempotencyKey }: SendInput) =>
      call("POST /api/chat.php", { body: "id" in ref ? { conversation: ref.id, text } : { to: ref.member, text } }, { idempotencyKey }),
    onMutate: async ({ text }) => {
      // A reload in flight would drop the new bubble.
      await queryClient.cancelQueries({ queryKey: key });
      const pending: ChatMessage = {
        id: --lastPendingId,
        conversation: queryClient.getQueryData<ConversationResponse>(key)?.conversation ?? 0,
        sender: queryClient.getQueryData<User | null>(userQuery.queryKey)?.id ?? 0,
        kind: "text",
        body: text.trim(),
        created_at: new Date().toISOString(),
        read: false,
      };
      patchConversation((data) => ({ ...data, messages: [...data.messages, pending] }));
      return { pendingId: pending.id };
    },
    onError: (error, _input, context) => {
      if (context) patchConversation((data) => ({ ...data, messages: data.messages.filter((m) => m.id !== context.pendingId) }));
      // The balance may have changed elsewhere (another tab, a purchase).
      if (error instanceof ApiError && error.code === "not_enough_credits") void refetchUserQuietly().catch(() => {});
    },
    onSuccess: ({ message: answered, credits }, _input, context) => {
      const message = withPartnerRead(answered);
      patchConversation((data) => {
        // A reload may already have brought the message; other messages still on their way stay last.
        const confirmed = [...data.messages.filter((m) => !isPending(m) && m.id !== message.id), message].sort((a, b) => a.id - b.id);
        const stillPending = data.messages.filter((m) => isPending(m) && m.id !== context?.pendingId);
        return { ...data, conversation: data.conversation ?? message.conversation, messages: [...confirmed, ...stillPending] };
      });
      patchUser({ credits });
      void refetchChats();
    },
  });
}

/** Sends a photo (POST /api/chatphoto.php); it shows when the server has it, with the new balance in the top bar. */
export function useSendPhoto(ref: ConversationRef) {
  return useSendFile(ref, (query, file, idempotencyKey) => postImage<SendMessageResponse>(`/api/chatphoto.php?${query}`, file, idempotencyKey));
}

/** Sends a voice message (POST /api/chatvoice.php, field `voice`); it shows when the server has it, like a photo. */
export function useSendVoice(ref: ConversationRef) {
  return useSendFile(ref, (query, file, idempotencyKey) => postFile<SendMessageResponse>(`/api/chatvoice.php?${query}`, "voice", file, idempotencyKey));
}

/** A message of a file (photo, voice): sent whole, shown when the server answered, with the new balance. */
function useSendFile(ref: ConversationRef, post: (query: string, file: File, idempotencyKey: string) => Promise<SendMessageResponse>) {
  const key = queryKeys.conversation(ref);
  return useMutation({
    mutationFn: ({ file, idempotencyKey }: { file: File; idempotencyKey: string }) =>
      post("id" in ref ? `conversation=${ref.id}` : `to=${ref.member}`, file, idempotencyKey),
    onSuccess: ({ message: answered, credits }) => {
      const message = withPartnerRead(answered);
      queryClient.setQueryData<ConversationResponse>(key, (data) =>
        data
          ? {
              ...data,
              conversation: data.conversation ?? message.conversation,
              messages: [...data.messages.filter((m) => m.id !== message.id), message].sort(
                (a, b) => Number(isPending(a)) - Number(isPending(b)) || a.id - b.id,
              ),
            }
          : data,
      );
      patchUser({ credits });
      void refetchChats();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "not_enough_credits") void refetchUserQuietly().catch(() => {});
    },
  });
}

/** Sends a gift (POST /api/gift.php); the answer's balance updates the top bar's credits. */
export function useSendGift(ref: ConversationRef) {
  const key = queryKeys.conversation(ref);
  return useMutation({
    mutationFn: ({ gift, idempotencyKey }: { gift: Gift; idempotencyKey: string }) =>
      call("POST /api/gift.php", { body: "id" in ref ? { conversation: ref.id, gift } : { to: ref.member, gift } }, { idempotencyKey }),
    onSuccess: ({ credits }) => {
      patchUser({ credits });
      void queryClient.invalidateQueries({ queryKey: key });
      void refetchChats();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "not_enough_credits") void refetchUserQuietly().catch(() => {});
    },
  });
}

/**
 * Removes a conversation from the list (DELETE /api/chat.php): gone from the list at once, then the
 * server is told; on failure the caller shows the error and the list reloads (spec section 4).
 */
/**
 * Moves a conversation from the Hidden folder back to the inbox (hidden words, issue 22): at once in
 * the list and the badge, then as the server has it.
 */
export function useShowInInbox() {
  return useMutation({
    mutationFn: (conversation: number) => call("POST /api/chatfolder.php", { body: { conversation, folder: "inbox" } }),
    onMutate: async (conversation) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.chats });
      const data = queryClient.getQueryData<ChatsResponse>(queryKeys.chats);
      if (data) setChatList(data.chats.map((c) => (c.conversation === conversation ? { ...c, folder: "inbox" } : c)));
    },
    onSettled: () => refetchChats(),
  });
}

export function useDeleteChat() {
  return useMutation({
    mutationFn: (conversation: number) => call("DELETE /api/chat.php", { query: { conversation } }),
    onMutate: async (conversation) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.chats });
      const data = queryClient.getQueryData<ChatsResponse>(queryKeys.chats);
      if (data) setChatList(data.chats.filter((c) => c.conversation !== conversation));
    },
    // After a failure the list comes back as the server has it; after success a poll that ran meanwhile is corrected.
    onSettled: () => refetchChats(),
  });
}

/** Takes a message's harassment nudge off every open conversation that shows it (answered, issue 22). */
export function forgetNudge(messageId: number) {
  queryClient.setQueriesData<ConversationResponse>({ queryKey: queryKeys.conversations }, (data) =>
    data?.messages.some((m) => m.id === messageId && m.nudge)
      ? { ...data, messages: data.messages.map((m) => (m.id === messageId ? { ...m, nudge: undefined } : m)) }
      : data,
  );
}

/**
 * "No, it's fine" to the harassment nudge on a received message (POST /api/chatnudge.php): the question
 * goes at once, and the server remembers the answer for the next load.
 */
export function useDismissNudge() {
  return useMutation({
    mutationFn: (message: number) => call("POST /api/chatnudge.php", { body: { message } }),
    onSuccess: (_answer, message) => forgetNudge(message),
  });
}
