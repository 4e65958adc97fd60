import type { MemberCard } from "../../../common/schemas/user";

export type SwipeAction = "like" | "pass";

/** A drag counts as a swipe past a quarter of the card's width, and never below 80 px (small cards). */
export const SWIPE_THRESHOLD_RATIO = 0.25;
export const SWIPE_THRESHOLD_MIN_PX = 80;
/** More cards are fetched when fewer than this many are left, so the stack never runs dry mid-swipe. */
export const SWIPE_REFILL_BELOW = 3;
/** Tilt of a dragged card: one degree per this many pixels, at most MAX_TILT_DEG. */
const PX_PER_DEG = 18;
const MAX_TILT_DEG = 15;

export function swipeThreshold(cardWidth: number): number {
  return Math.max(SWIPE_THRESHOLD_MIN_PX, cardWidth * SWIPE_THRESHOLD_RATIO);
}

/** What a released drag means: right is like, left is pass, a short drag is nothing (the card snaps back). */
export function swipeDecision(dx: number, cardWidth: number): SwipeAction | null {
  const threshold = swipeThreshold(cardWidth);
  if (dx >= threshold) return "like";
  if (dx <= -threshold) return "pass";
  return null;
}

/** The transform of the top card while dragged `dx` pixels. */
export function dragTransform(dx: number, dy = 0): string {
  const tilt = Math.max(-MAX_TILT_DEG, Math.min(MAX_TILT_DEG, dx / PX_PER_DEG));
  return `translate(${dx}px, ${dy}px) rotate(${tilt}deg)`;
}

/** How strongly the "like" or "pass" stamp shows while dragging, 0 to 1, reaching 1 at the threshold. */
export function stampOpacity(dx: number, cardWidth: number): { like: number; pass: number } {
  const strength = Math.min(1, Math.abs(dx) / swipeThreshold(cardWidth));
  return dx > 0 ? { like: strength, pass: 0 } : { like: 0, pass: dx < 0 ? strength : 0 };
}

/** Arrow keys of the game: right likes, left passes. */
export function keyAction(key: string): SwipeAction | null {
  if (key === "ArrowRight") return "like";
  if (key === "ArrowLeft") return "pass";
  return null;
}

/** Cards fetched later join the bottom of the stack, without members already in it or already swiped. */
export function mergeDeck(stack: readonly MemberCard[], incoming: readonly MemberCard[], swiped: ReadonlySet<number>): MemberCard[] {
  const inStack = new Set(stack.map((c) => c.id));
  const fresh = incoming.filter((c) => !inStack.has(c.id) && !swiped.has(c.id));
  const unique = fresh.filter((c, i) => fresh.findIndex((o) => o.id === c.id) === i);
  return [...stack, ...unique];
}

export function needsRefill(stackSize: number, exhausted: boolean, loading: boolean): boolean {
  return !exhausted && !loading && stackSize < SWIPE_REFILL_BELOW;
}

/** Liking needs a like left today; passing is always possible. */
export function canSwipe(action: SwipeAction, likesLeft: number): boolean {
  return action === "pass" || likesLeft > 0;
}
