import { create } from "zustand";

/** How long a typing signal counts (the sender repeats it while typing). */
export const TYPING_SHOWN_MS = 4000;

interface TypingState {
  /** conversation id -> until when its partner counts as typing (ms since epoch). */
  until: Record<number, number>;
  typing(conversation: number, now?: number): void;
  stopped(conversation: number): void;
}

export const useTypingStore = create<TypingState>((set) => ({
  until: {},
  typing: (conversation, now = Date.now()) => set((s) => ({ until: { ...s.until, [conversation]: now + TYPING_SHOWN_MS } })),
  stopped: (conversation) =>
    set((s) => {
      const { [conversation]: _gone, ...rest } = s.until;
      return { until: rest };
    }),
}));

/** Whether the partner in `conversation` is typing at `now`. */
export function isTyping(until: Record<number, number>, conversation: number | null, now = Date.now()): boolean {
  return conversation !== null && (until[conversation] ?? 0) > now;
}
