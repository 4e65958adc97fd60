// Banner and modal dismissals, remembered with a timestamp in localStorage (spec section 2).

export const DISMISSAL_KEYS = [
  "hide-enrich-alert",
  "hide-push-notification-alert",
  "hide-disabled-notifications-alert",
  "hide-time-bonus-modal",
  "hide-entry-warning",
] as const;
export type DismissalKey = (typeof DISMISSAL_KEYS)[number];

export function dismissedAt(key: DismissalKey): Date | null {
  try {
    const value = localStorage.getItem(key);
    return value ? new Date(Number(value)) : null;
  } catch {
    return null;
  }
}

export function dismiss(key: DismissalKey): void {
  try {
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // Private mode without storage: the banner comes back next visit.
  }
}
