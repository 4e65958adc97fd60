import { DEFAULT_PHOTO_MODERATION, DEFAULT_PHOTO_REVIEW_HOURS } from "../../../common/photoModeration";
import type { CompanyInfo, StoredSettings } from "../../../common/schemas/settings";

/**
 * Settings of a new site. Values the spec leaves open are our choices: 10 credits a message,
 * 20 a photo, 30 a gift, 20 free credits at signup (two messages), 500 characters a message,
 * 14 refund days, and the entry warning for the EU countries we sell in.
 */
export function defaultSettings(overrides: Partial<StoredSettings> = {}): StoredSettings {
  return {
    countries: ["NL", "BE", "DE", "AT", "CH", "FR", "IT", "ES", "PL", "DK", "SE", "NO", "FI", "GB", "IE", "US", "CA", "AU", "NZ"],
    name: "Amoria",
    index_title: "Amoria – meet singles near you",
    description: "Amoria is the dating site for adults: browse profiles, like, match and chat with singles near you.",
    visible_profile_fields: [
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
    ],
    visible_profile_notes: ["personal_text"],
    cdn_prefix: "",
    message_credits: 10,
    photo_credits: 20,
    gift_credits: 30,
    signup_credits: 20,
    message_length: 500,
    minimum_message_costs: { NL: { costs: 10, currency: "EUR" }, GB: { costs: 10, currency: "GBP" }, PL: { costs: 10, currency: "PLN" } },
    support_email: "support@amoria.example",
    support_phone: "+31 20-123 45 67",
    enable_site_entry_popup: "yes",
    entry_warning_countries: ["NL", "BE", "DE", "AT", "CH", "FR", "IT", "ES", "PL", "DK", "SE", "NO", "FI", "IE"],
    search_fields: ["gender", "country", "countryregion", "min_age", "max_age"],
    domain_language: null,
    fictional_warning: "Some profiles on this site are fictional and are operated by the site for entertainment.",
    fictional_singular: "fictional profile",
    fictional_plural: "fictional profiles",
    fictional_icon: "mask",
    refund_days: 14,
    signups: "all",
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    // Served because the spec lists it among the settings; the spec gives it no behaviour, so it stays
    // false and nothing reads it: passing members on to partner sites would need their consent
    // (GDPR Art. 6) and a contract we do not have. It is not an operator switch until both exist.
    member_resell: false,
    niche: 1,
    mail_name: "Amoria",
    // New photos are checked before others see them, usually within a day: see common/photoModeration.ts.
    photo_moderation: DEFAULT_PHOTO_MODERATION,
    photo_review_hours: DEFAULT_PHOTO_REVIEW_HOURS,
    ...overrides,
  };
}

export function defaultCompany(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return {
    name: "Amoria Media B.V.",
    address: "Herengracht 100",
    kvk: "12345678",
    city: "1015 BS Amsterdam",
    country: "NL",
    tradenames: ["Amoria"],
    vat_numbers: ["NL123456789B01"],
    support_phone: "+31 20-123 45 67",
    delete_discount: 50,
    added: "2024-03-01T09:00:00Z",
    ...overrides,
  };
}
