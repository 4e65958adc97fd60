/** Interests a member can pick; each has a text under `interests.<id>` in every locale. */
export const INTERESTS = [
  "travel",
  "music",
  "movies",
  "sports",
  "cooking",
  "reading",
  "dancing",
  "nature",
  "art",
  "gaming",
  "fitness",
  "photography",
  "animals",
  "fashion",
  "wine",
  "beach",
  "cars",
  "technology",
  "theatre",
  "yoga",
] as const;
export type Interest = (typeof INTERESTS)[number];
