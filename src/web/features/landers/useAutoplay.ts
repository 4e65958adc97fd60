import { useEffect, useState } from "react";

/** How often a playing show moves its progress on. */
const TICK_MS = 100;

/**
 * A show of `count` items that moves on by itself every `stepMs` (the stories and video landers): the
 * item shown, the one before it (to fade out), how far the current one is (0 to 1), and whether it
 * plays, which it does not at first for visitors who ask for reduced motion (WCAG 2.2.2: pausable).
 * A page with a show marks its element `data-moves`, so that the server's rendering of it starts the
 * app at once (visitor.ts) rather than on the visitor's first touch.
 */
export function useAutoplay(count: number, stepMs: number) {
  const [pos, setPos] = useState({ index: 0, previous: -1, elapsed: 0 });
  // The server's rendering (ssr.tsx) shows it playing, as most visitors see it.
  const [playing, setPlaying] = useState(() => typeof window === "undefined" || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches !== true);
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => {
      setPos((p) => (p.elapsed + TICK_MS < stepMs ? { ...p, elapsed: p.elapsed + TICK_MS } : { index: (p.index + 1) % count, previous: p.index, elapsed: 0 }));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, count, stepMs]);
  const go = (i: number) => setPos((p) => ({ index: (i + count) % count, previous: p.index, elapsed: 0 }));
  return { index: pos.index, previous: pos.previous, progress: pos.elapsed / stepMs, playing, setPlaying, go };
}
