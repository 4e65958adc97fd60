import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/** Page-bounce log: which page a visit left from, recorded when the visit asked for it (`lb`). */
export const pageExits = pgTable(
  "page_exits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    visitId: text("visit_id").notNull(),
    userId: integer("user_id"),
    path: text("path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_exits_site_idx").on(t.siteId, t.createdAt)],
);
