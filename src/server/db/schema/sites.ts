import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { CompanyInfo, StoredSettings } from "../../../common/schemas/settings";

/** The company that operates one or more sites (its details fill receipts and legal pages). */
export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  info: jsonb("info").$type<CompanyInfo>().notNull(),
});

/** A site is sold under one domain; its settings live on its row. */
export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  domain: text("domain").notNull().unique(),
  companyId: integer("company_id")
    .notNull()
    .references(() => companies.id),
  settings: jsonb("settings").$type<StoredSettings>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
