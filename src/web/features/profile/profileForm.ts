import { type ProfileUpdate, profileUpdateSchema } from "../../../common/schemas/members";
import type { Profile } from "../../../common/schemas/user";

// The profile editor's form: selects and inputs hold strings ("" for "not set"), the API takes
// ProfileUpdate with nulls. These functions convert both ways and validate with the shared schema.

export interface ProfileFormValues {
  name: string;
  gender: string;
  sexuality: string;
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  personal_text: string;
  interests: string[];
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
}

export type ProfileField = keyof ProfileFormValues;

/** Fields the server takes from the editor, in form order. Invisible mode and the main photo save on their own. */
export const PROFILE_FIELDS = [
  "name",
  "gender",
  "sexuality",
  "date_of_birth",
  "country",
  "region",
  "city",
  "personal_text",
  "interests",
  "hair_color",
  "eye_color",
  "body_type",
  "relationship_status",
  "tattoos",
] as const satisfies readonly ProfileField[];

/** Select fields whose value may be cleared (sent as null). */
const NULLABLE_CHOICES = ["sexuality", "hair_color", "eye_color", "body_type", "relationship_status", "tattoos"] as const;

/**
 * Whether the editor shows `field`. The site chooses through settings.visible_profile_fields; the name
 * is always shown, as every member has one and it is what others see first.
 */
export function fieldVisible(field: ProfileField, visibleFields: readonly string[]): boolean {
  return field === "name" || visibleFields.includes(field);
}

export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    gender: profile.gender ?? "",
    sexuality: profile.sexuality ?? "",
    date_of_birth: profile.date_of_birth ?? "",
    country: profile.country ?? "",
    region: profile.region ?? "",
    city: profile.city ?? "",
    personal_text: profile.personal_text ?? "",
    interests: profile.interests,
    hair_color: profile.hair_color ?? "",
    eye_color: profile.eye_color ?? "",
    body_type: profile.body_type ?? "",
    relationship_status: profile.relationship_status ?? "",
    tattoos: profile.tattoos ?? "",
  };
}

/**
 * The body of PUT /api/profile.php for the visible fields only (a hidden field keeps its value).
 * Empty texts and choices become null; gender and date of birth cannot be cleared, so they are left out when empty.
 */
export function formToUpdate(values: ProfileFormValues, visibleFields: readonly string[]): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  const visible = (field: ProfileField) => fieldVisible(field, visibleFields);
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  update.name = values.name.trim();
  if (visible("gender") && values.gender) update.gender = values.gender;
  if (visible("date_of_birth") && values.date_of_birth) update.date_of_birth = values.date_of_birth;
  if (visible("country")) update.country = text(values.country);
  // A region belongs to a country: without the country it is cleared with it.
  if (visible("region")) update.region = visible("country") && !values.country ? null : text(values.region);
  if (visible("city")) update.city = text(values.city);
  if (visible("personal_text")) update.personal_text = text(values.personal_text);
  if (visible("interests")) update.interests = values.interests;
  for (const field of NULLABLE_CHOICES) if (visible(field)) update[field] = values[field] || null;
  return update;
}

export type ProfileValidation = { ok: true; update: ProfileUpdate } | { ok: false; errors: Partial<Record<ProfileField, string>> };

/** Checks an update with the shared schema; errors are i18n keys by field, as the server would answer them. */
export function validateUpdate(update: Record<string, unknown>): ProfileValidation {
  const parsed = profileUpdateSchema.safeParse(update);
  if (parsed.success) return { ok: true, update: parsed.data };
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (PROFILE_FIELDS as readonly string[]).includes(field)) {
      errors[field as ProfileField] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/** The region kept when the country changes: only if the new country has it. */
export function keepRegion(region: string, regionsOfCountry: ReadonlyArray<{ code: string }>): string {
  return regionsOfCountry.some((r) => r.code === region) ? region : "";
}
