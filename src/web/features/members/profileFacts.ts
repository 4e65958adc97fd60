import type { Profile } from "../../../common/schemas/user";

/** Profile fields shown as "label: value" facts on a profile; the rest have places of their own. */
export const FACT_FIELDS = ["gender", "sexuality", "relationship_status", "body_type", "hair_color", "eye_color", "tattoos"] as const;
export type FactField = (typeof FACT_FIELDS)[number];

type FactSource = Pick<Profile, FactField>;

/** The filled-in facts of a profile that the site shows (settings.visible_profile_fields), in a fixed order. */
export function profileFacts(profile: FactSource, visibleFields: readonly string[]): Array<{ field: FactField; value: string }> {
  return FACT_FIELDS.filter((field) => visibleFields.includes(field))
    .map((field) => ({ field, value: profile[field] }))
    .filter((fact): fact is { field: FactField; value: string } => Boolean(fact.value));
}

/** "City, Region, Country" without empty or repeated parts (a city named like its region is said once). */
export function locationLine(parts: Array<string | null | undefined>): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out.join(", ");
}
