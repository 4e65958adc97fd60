import { create } from "zustand";

interface LoadingState {
  active: number;
  /** Marks one piece of work as started; call the returned function when it ends. */
  start(): () => void;
}

export const useLoadingStore = create<LoadingState>((set) => ({
  active: 0,
  start() {
    set((s) => ({ active: s.active + 1 }));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      set((s) => ({ active: Math.max(0, s.active - 1) }));
    };
  },
}));
