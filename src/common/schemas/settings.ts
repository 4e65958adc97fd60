import { z } from "zod";
import type { Calls } from "../apiContract";
import { PHOTO_MODERATION_MODES } from "../photoModeration";
import { LANGUAGES } from "../locales";

/** Site settings as stored on the site's row; an operator edits them per site. */
export const storedSettingsSchema = z.object({
  countries: z.array(z.string().length(2)).min(1),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  cdn_prefix: z.string(),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  /** Credits a started minute of a call costs its caller (issue 22; absent: none). */
  call_minute_credits: z.number().int().nonnegative().optional(),
  signup_credits: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int().nonnegative(), currency: z.string().length(3) })),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.enum(["yes", "no"]),
  /** Countries whose visitors see the entry warning (the spec leaves the list to the site). */
  entry_warning_countries: z.array(z.string().length(2)),
  search_fields: z.array(z.string()),
  domain_language: z.string().nullable(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  fictional_icon: z.string(),
  refund_days: z.number().int().nonnegative(),
  signups: z.string(),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  niche: z.number().int().min(1).max(7),
  mail_name: z.string(),
  /** Pre- or post-moderation of new photos (common/photoModeration.ts: absent means the default, pre). */
  photo_moderation: z.enum(PHOTO_MODERATION_MODES).optional(),
  /** The hours within which photos are usually checked, as pre-moderation promises members. */
  photo_review_hours: z.number().int().positive().optional(),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

/** GET /api/settings.php: the stored settings plus what the request decides. */
export const settingsSchema = storedSettingsSchema.extend({
  domain: z.string(),
  company_id: z.number().int(),
  geoip_country: z.string(),
  geoip_selected_country: z.string(),
  push_public_key: z.string().nullable(),
  /** The languages the language switcher offers this visitor. */
  languages: z.array(z.enum(LANGUAGES)),
  /** The language this request was answered in. */
  language: z.enum(LANGUAGES),
});
export type Settings = z.infer<typeof settingsSchema>;

const routeQueryValue = z.string().max(500);

/** The route query the client forwards (spec section 7); `domain` forces a site. */
export const settingsQuerySchema = z
  .object({
    domain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.:[\]-]+$/i, { error: "errors.domain_invalid" })
      .optional(),
  })
  .catchall(routeQueryValue);

export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int().min(0).max(100),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const interestsResponseSchema = z.object({
  interests: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const regionsResponseSchema = z.object({
  regions: z.record(z.string(), z.array(z.object({ code: z.string(), name: z.string() }))),
});
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;

export const geocodeQuerySchema = z
  .object({
    lat: z.coerce.number({ error: "errors.coordinates_invalid" }).min(-90).max(90),
    lon: z.coerce.number({ error: "errors.coordinates_invalid" }).min(-180).max(180),
  })
  .strict();

export const geocodeResponseSchema = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string().nullable(),
});
export type GeocodeResult = z.infer<typeof geocodeResponseSchema>;

const noQuery = z.object({}).strict();

/** The site's settings and the reference data, loaded once per visit, and reverse geocoding. */
export const settingsCalls = {
  "GET /api/settings.php": { querystring: settingsQuerySchema, response: { 200: settingsSchema } },
  "GET /api/companyinfo.php": { querystring: noQuery, response: { 200: companyInfoSchema } },
  "GET /api/interests.php": { querystring: noQuery, response: { 200: interestsResponseSchema } },
  "GET /api/regions.php": { querystring: noQuery, response: { 200: regionsResponseSchema } },
  "GET /api/geocode.php": { querystring: geocodeQuerySchema, response: { 200: geocodeResponseSchema } },
} as const satisfies Calls;
