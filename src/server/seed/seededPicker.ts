/** Convenience draws on top of a PRNG returning values in [0, 1). */
export interface SeededPicker {
  /** The underlying PRNG. */
  next: () => number;
  /** A number in [min, max). */
  range: (min: number, max: number) => number;
  /** An integer in [min, max] (both inclusive). */
  int: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  /** A uniformly chosen element. */
  pick: <T>(items: readonly T[]) => T;
  /** An element chosen with the given relative weights (same length as `items`). */
  weighted: <T>(items: readonly T[], weights: readonly number[]) => T;
}

export function seededPicker(next: () => number): SeededPicker {
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted,
  };
}
