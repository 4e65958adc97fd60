import { create } from "zustand";

/** A discount code the member typed on the credits page; it wins over the time bonus and the welcome code. */
export const useDiscountStore = create<{ code: string | null; setCode(code: string | null): void }>((set) => ({
  code: null,
  setCode: (code) => set({ code }),
}));
