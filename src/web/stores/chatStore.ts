import { create } from "zustand";

// Chat store of spec section 3. The top bar and the page title read the totals; the chat and likes
// features fill it from GET /api/chats.php and GET /api/likes.php.

export interface ChatListItem {
  conversation: number;
  profile: number;
  num_unread_messages: number;
  /** In the Hidden folder (hidden words, issue 22): its unread messages count in no badge. */
  folder: "inbox" | "hidden";
}

export interface LikedByEntry {
  id: number;
  like_new: boolean;
}

interface ChatState {
  chats: ChatListItem[];
  likedBy: LikedByEntry[];
  totalUnreadMessages: number;
  totalNewLikes: number;
  /**
   * How far each conversation's partner has read (message id), from the live receipts: a receipt can
   * arrive before the answer to the send it covers. Forgotten at logout with the rest.
   */
  partnerReadUpTo: Record<number, number>;
  setChats(chats: ChatListItem[]): void;
  setLikedBy(likedBy: LikedByEntry[]): void;
  setPartnerRead(conversation: number, upTo: number): void;
  reset(): void;
}

export const useChatStore = create<ChatState>((set) => ({
  chats: [],
  likedBy: [],
  totalUnreadMessages: 0,
  totalNewLikes: 0,
  partnerReadUpTo: {},
  setChats: (chats) => set({ chats, totalUnreadMessages: chats.reduce((sum, c) => sum + (c.folder === "hidden" ? 0 : c.num_unread_messages), 0) }),
  setLikedBy: (likedBy) => set({ likedBy, totalNewLikes: likedBy.filter((l) => l.like_new).length }),
  setPartnerRead: (conversation, upTo) =>
    set((state) => ({ partnerReadUpTo: { ...state.partnerReadUpTo, [conversation]: Math.max(upTo, state.partnerReadUpTo[conversation] ?? 0) } })),
  reset: () => set({ chats: [], likedBy: [], totalUnreadMessages: 0, totalNewLikes: 0, partnerReadUpTo: {} }),
}));
