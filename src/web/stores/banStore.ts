import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** What the server said when it turned a banned or suspended member away (the reason is in the message). */
export interface BanNotice {
  code: "account_banned" | "account_suspended";
  message: string;
  /** The end of a suspension (ISO). */
  until: string | null;
  /** The key of the appeal form, while the decision can be appealed. */
  appeal?: string | null;
}

interface BanState {
  notice: BanNotice | null;
  show(notice: BanNotice): void;
  /** A login went through: the notice is history. */
  clear(): void;
}

/** Kept for the tab (sessionStorage): /pages/ban still says it after a reload, though the server said it once. */
export const useBanStore = create<BanState>()(
  persist((set) => ({ notice: null, show: (notice) => set({ notice }), clear: () => set({ notice: null }) }), {
    name: "ban-notice",
    storage: createJSONStorage(() => sessionStorage),
  }),
);
