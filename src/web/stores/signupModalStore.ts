import { create } from "zustand";

// The signup modal (spec section 4): opened by a visitor's action (a landing page's call to action,
// like or message on a profile); it cannot be closed by backdrop or escape while a signup is in
// progress and closes on signupClosed (the signup is complete) or redirectedToLogin.

const RESUME_KEY = "signup-modal";

interface SignupModalState {
  show: boolean;
  /** The member of the landing page the first message goes to. */
  member: { id: number; name: string } | null;
  open(options?: { member?: { id: number; name: string } }): void;
  /** The visitor closed it (allowed only before the signup is in progress). */
  close(): void;
  /** signupClosed: the steps are done. */
  signupClosed(): void;
  /** redirectedToLogin: the visitor has an account and goes to log in. */
  redirectedToLogin(): void;
}

/** Remembers (for this tab) the page the modal is open on, or forgets it. */
function remember(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(RESUME_KEY, window.location.pathname);
    else sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Without storage a reload does not reopen the modal; /signup still resumes the steps.
  }
}

/** Whether this tab had the signup modal open on this page (a reload reopens it where the signup stopped). */
export function signupModalWasOpen(pathname: string): boolean {
  try {
    return sessionStorage.getItem(RESUME_KEY) === pathname;
  } catch {
    return false;
  }
}

/** The visitor went to another page with the modal closed: a later visit does not reopen it. */
export function forgetSignupModal(): void {
  remember(false);
}

export const useSignupModal = create<SignupModalState>((set) => ({
  show: false,
  member: null,
  open: (options) => {
    remember(true);
    set({ show: true, member: options?.member ?? null });
  },
  close: () => {
    remember(false);
    set({ show: false });
  },
  signupClosed: () => {
    remember(false);
    set({ show: false, member: null });
  },
  redirectedToLogin: () => {
    remember(false);
    set({ show: false });
  },
}));
