// What a visitor typed into a signup step before it was sent, kept for the browser tab
// (sessionStorage): a reload or a closed modal does not lose it. Passwords are never kept.

const PREFIX = "signup-draft:";

export function readDraft<T extends object>(key: string): Partial<T> {
  try {
    const value = sessionStorage.getItem(PREFIX + key);
    const parsed: unknown = value ? JSON.parse(value) : null;
    return parsed && typeof parsed === "object" ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}

export function saveDraft(key: string, values: object): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // No storage (private mode, full): the draft lives as long as the page.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}
