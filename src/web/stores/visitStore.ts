import { create } from "zustand";

// Pages seen in this visit (this browser tab's session), so that the first screen of a visit can be
// kept calm: no modal over a banner there (features/layout/bannerPriority.ts).

const KEY = "pages-this-visit";

function readPages(): number {
  try {
    return Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    return 0;
  }
}

export const useVisitStore = create<{ pages: number }>(() => ({ pages: readPages() }));

/** Counts one more page of the visit (a navigation or a reload). */
export function notePageSeen(): void {
  const pages = useVisitStore.getState().pages + 1;
  useVisitStore.setState({ pages });
  try {
    sessionStorage.setItem(KEY, String(pages));
  } catch {
    // Without storage every load is a first page: modals wait for a navigation.
  }
}
