/**
 * A failed job's error as the operations screen shows it: the first line, without what could be
 * personal or secret (e-mail addresses, phone numbers, a link's query, long tokens). The job's
 * payload (a mail's text, a message) is never shown at all.
 */
export function safeJobError(message: string | null): string | null {
  if (!message) return null;
  const first = message.split(/\r?\n/, 1)[0];
  return first
    .replace(/[^\s@<>"']+@[^\s@<>"']+/g, "[address]")
    .replace(/\b(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, "$1?[…]")
    .replace(/\+?\d[\d ()-]{7,}\d/g, "[number]")
    .replace(/\b[A-Za-z0-9_-]{24,}\b/g, "[…]")
    .slice(0, 300);
}
