import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sites } from "./sites";

export type UserStatus = "not_confirmed" | "confirmed";
export type NotificationDisabledReason = "fbl" | "bounce" | "list-unsubscribe";

export interface Tracking {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
}

/** A member account on one site; an e-mail address is unique per site. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    status: text("status").$type<UserStatus>().notNull().default("not_confirmed"),
    credits: integer("credits").notNull().default(0),
    paidUser: boolean("paid_user").notNull().default(false),
    language: text("language").notNull(),
    notificationsDisabled: jsonb("notifications_disabled").$type<NotificationDisabledReason[]>().notNull().default([]),
    /** Which e-mails the member wants (the /notifications page); all on at signup. */
    notifyMessages: boolean("notify_messages").notNull().default(true),
    notifyLikes: boolean("notify_likes").notNull().default(true),
    notifyMatches: boolean("notify_matches").notNull().default(true),
    signupMessage: text("signup_message"),
    /**
     * The signup step the member has still to do (1 photo, 2 about me, 3 personal info, 4 location,
     * 5 push; SIGNUP_STEPS in common/signupSteps.ts), or null once the signup is complete: a signup
     * left half-done resumes there, on any device.
     */
    signupStep: smallint("signup_step"),
    tracking: jsonb("tracking").$type<Tracking>().notNull().default({}),
    signupIp: text("signup_ip"),
    signupDate: timestamp("signup_date", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the member asked to delete the account; it can be reactivated for 14 days. The same
     * change sets the profile's status to disabled, so that lists need not read this table.
     */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    /** Set when a direct debit of the member failed or was reversed: no more direct debits. */
    directDebitBlocked: boolean("direct_debit_blocked").notNull().default(false),
    /** Demo and fictional members cannot log in. */
    canLogin: boolean("can_login").notNull().default(true),
  },
  (t) => [uniqueIndex("users_site_email_key").on(t.siteId, sql`lower(${t.email})`), check("users_credits_not_negative", sql`${t.credits} >= 0`)],
);

export type ProfileStatus = "enabled" | "disabled";

/** The public face of a member; its id is the member's user id. */
export const profiles = pgTable(
  "profiles",
  {
    id: integer("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    name: text("name").notNull(),
    status: text("status").$type<ProfileStatus>().notNull().default("disabled"),
    gender: text("gender").$type<"male" | "female">(),
    sexuality: text("sexuality").$type<"hetero" | "gay" | "lesbian" | "bi">(),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    country: text("country"),
    region: text("region"),
    city: text("city"),
    /**
     * Where the member lives, as the coordinates of their town from the packaged cities data (of the
     * region, or the country, when the town is unknown): never finer than a town, so that distances
     * shown to others cannot place anyone closer than that. Set with country, region and city
     * (geo/places.ts).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    personalText: text("personal_text"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    hairColor: text("hair_color"),
    eyeColor: text("eye_color"),
    bodyType: text("body_type"),
    relationshipStatus: text("relationship_status"),
    tattoos: text("tattoos"),
    fictional: boolean("fictional").notNull().default(false),
    invisible: boolean("invisible").notNull().default(false),
    /** Others may see whether the member is online now or was active lately (a setting; on by default). */
    showActivity: boolean("show_activity").notNull().default(true),
    /** When the member last used the site (a request or a live socket), written at most every few minutes. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /**
     * Counts the changes to what a member card shows of this profile (all but the activity) and to
     * whether it is shown (status), main photo included; written by the triggers of migration 0024,
     * read by the stamp of the likes page (likes.repo.ts) instead of hashing the row.
     */
    cardVersion: integer("card_version").notNull().default(0),
    mainPhotoId: text("main_photo_id"),
    /**
     * When a moderator approved the member's verification selfie (features/verification); shown as a
     * badge and a search filter. Removing or replacing the photos later does not take it away (our
     * choice for now: the person was checked, not one picture).
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The search indexes (with INCLUDE columns, which Drizzle cannot declare) are in the custom
  // migration 0002_search_indexes.sql.
  (t) => [index("profiles_site_listing_idx").on(t.siteId, t.status, t.id)],
);
