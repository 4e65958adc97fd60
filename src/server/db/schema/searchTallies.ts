import { boolean, date, integer, pgTable, text, unique } from "drizzle-orm/pg-core";

// How many listed profiles (those search finds: members/access.ts listedSql) there are of each key,
// written only by the triggers on `profiles` of migration 0027 (every insert, delete, truncate, and
// change of a key column or of what decides "listed") and read by the search count
// (members/searchTallies.ts): a count over a million profiles becomes a sum over at most a few
// thousand rows. A NULL key value (no gender, no country, no date of birth) is a key like any other.
// Rows may stay at n = 0. No foreign key to sites: a site deleted with its profiles must not trip
// over its own tallies.

/** Listed profiles per site, country, gender, month of birth and verified or not: for searches in a country. */
export const searchTallies = pgTable(
  "search_tallies",
  {
    siteId: integer("site_id").notNull(),
    country: text("country"),
    gender: text("gender").$type<"male" | "female">(),
    /** The first day of the month of birth. */
    birthMonth: date("birth_month", { mode: "string" }),
    verified: boolean("verified").notNull(),
    n: integer("n").notNull(),
  },
  // One row per key (the triggers upsert on it), in the order of the searches that read it.
  (t) => [unique("search_tallies_key").on(t.siteId, t.country, t.gender, t.birthMonth, t.verified).nullsNotDistinct()],
);

/** The same over all countries of a site (a few thousand rows a site): for searches in any country. */
export const searchSiteTallies = pgTable(
  "search_site_tallies",
  {
    siteId: integer("site_id").notNull(),
    gender: text("gender").$type<"male" | "female">(),
    /** The first day of the month of birth. */
    birthMonth: date("birth_month", { mode: "string" }),
    verified: boolean("verified").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [unique("search_site_tallies_key").on(t.siteId, t.gender, t.birthMonth, t.verified).nullsNotDistinct()],
);
