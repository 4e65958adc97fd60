/** The gift catalogue: each has a picture at /gifts/<id>.svg and a name under `gifts.<id>` in every locale. */
export const GIFTS = ["rose", "heart", "chocolate", "champagne", "teddy", "coffee", "star", "ring"] as const;
export type Gift = (typeof GIFTS)[number];

export function isGift(value: unknown): value is Gift {
  return typeof value === "string" && (GIFTS as readonly string[]).includes(value);
}
