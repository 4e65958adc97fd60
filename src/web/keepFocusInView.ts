// Focus is never hidden under the sticky top bar or a floating save bar (WCAG 2.2, 2.4.11): the
// browser scrolls a focused field into view only when it is off screen, not when a sticky bar covers
// it, and its scroll-padding (theme.scss) is a guess at the bars' height, which a banner, a badge or a
// long word can beat. So a covered field is scrolled clear by what the bars measure.

const STICKY = ".topbar.sticky-top, .profile-save-bar.is-sticky";
/** Room kept between a focused field and the bar it was under. */
const GAP = 8;
/** How long the browser's own (smooth) scrolling to a focused field is waited for. */
const SCROLL_WAIT_MS = 2000;

/** How far the page must scroll for `target` to come clear of the sticky bar covering it: up for the top bar, down for a bottom one; 0 when none covers it. */
function clearance(target: Element): number {
  const box = target.getBoundingClientRect();
  for (const bar of document.querySelectorAll(STICKY)) {
    if (bar.contains(target)) continue;
    const b = bar.getBoundingClientRect();
    if (box.top >= b.bottom || box.bottom <= b.top) continue;
    const atTop = b.top + b.bottom < window.innerHeight;
    return atTop ? box.top - b.bottom - GAP : box.bottom - b.top + GAP;
  }
  return 0;
}

/** Watches focus for the whole page; returns the function that stops it. */
export function keepFocusInView(): () => void {
  // The re-check of the field focused last, waiting for the end of a scroll: one at a time (quick
  // tabbing replaces it rather than stacking listeners).
  let stopWaiting = () => {};
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || target === document.body) return;
    stopWaiting();
    const check = () => {
      const by = document.activeElement === target ? clearance(target) : 0;
      if (by !== 0) window.scrollBy({ top: by });
    };
    // After the browser's own scrolling to the focused element, which follows the focus event; and
    // again when that scrolling ends, since the theme scrolls smoothly and it can take several frames.
    requestAnimationFrame(check);
    window.addEventListener("scrollend", check, { once: true });
    const timer = setTimeout(() => window.removeEventListener("scrollend", check), SCROLL_WAIT_MS);
    stopWaiting = () => {
      clearTimeout(timer);
      window.removeEventListener("scrollend", check);
    };
  };
  document.addEventListener("focusin", onFocus);
  return () => {
    stopWaiting();
    document.removeEventListener("focusin", onFocus);
  };
}
