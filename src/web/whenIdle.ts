/**
 * Runs `run` once the browser is idle (after a first page has shown and settled), or after `fallbackMs`
 * where there is no requestIdleCallback (Safari). Returns what cancels it.
 */
export function whenIdle(run: () => void, fallbackMs = 1000): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallbackMs);
  return () => clearTimeout(id);
}
