// Focus is never hidden under the sticky top bar or a floating save bar (WCAG 2.2, 2.4.11): the
// browser scrolls a focused field into view only when it is off screen, not when a sticky bar covers
// it. Then it is scrolled clear, as far as scroll-padding (theme.scss) asks.

const STICKY = ".topbar.sticky-top, .profile-save-bar.is-sticky";

function covered(target: Element): boolean {
  const box = target.getBoundingClientRect();
  return [...document.querySelectorAll(STICKY)].some((bar) => {
    if (bar.contains(target)) return false;
    const b = bar.getBoundingClientRect();
    return box.top < b.bottom && box.bottom > b.top;
  });
}

/** Watches focus for the whole page; returns the function that stops it. */
export function keepFocusInView(): () => void {
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || target === document.body) return;
    // After the browser's own scrolling to the focused element, which follows the focus event.
    requestAnimationFrame(() => {
      if (document.activeElement === target && covered(target)) target.scrollIntoView({ block: "nearest" });
    });
  };
  document.addEventListener("focusin", onFocus);
  return () => document.removeEventListener("focusin", onFocus);
}
