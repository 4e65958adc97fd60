import { type SQL, sql } from "drizzle-orm";
import type { NicheFilter } from "../../../common/landers";
import { type Db, rowsOf } from "../../db/client";
import { listedSql } from "../members/access";
import { CARD_COLUMNS_SQL, type CardRow, cardRowOf, type RawCard } from "../members/members.repo";

export interface LanderQuery {
  siteId: number;
  filter: NicheFilter;
  /** Real members too (the site shows members to visitors); else only the profiles the site operates. */
  includeMembers: boolean;
  /** The visitor's country: its members come first. */
  country: string;
  limit: number;
}

export interface LanderRow extends CardRow {
  personalText: string | null;
  interests: string[];
}

function conditions(q: Omit<LanderQuery, "country" | "limit">): SQL {
  const { filter } = q;
  const parts: SQL[] = [sql`p.site_id = ${q.siteId}`, listedSql("p"), sql`u.deletion_requested_at IS NULL`, ph()];
  if (!q.includeMembers) parts.push(sql`NOT u.can_login`);
  if (filter.gender) parts.push(sql`p.gender = ${filter.gender}`);
  if (filter.sexualities) parts.push(sql`p.sexuality = ANY(${`{${filter.sexualities.join(",")}}`}::text[])`);
  if (filter.bodyTypes) parts.push(sql`p.body_type = ANY(${`{${filter.bodyTypes.join(",")}}`}::text[])`);
  if (filter.minAge !== undefined) parts.push(sql`p.date_of_birth <= current_date - make_interval(years => ${filter.minAge})`);
  if (filter.maxAge !== undefined) parts.push(sql`p.date_of_birth > current_date - make_interval(years => ${filter.maxAge + 1})`);
  return sql.join(parts, sql` AND `);
}

/** Only members whose main photo was approved: landing pages show no one without a face. */
const ph = () => sql`ph.status = 'approved'`;

/**
 * Profiles for a landing page: listed, with an approved main photo, of the niche, the visitor's country
 * first, newest next; and how many there are in all (counted in the same query: the order by country
 * reads every match anyway).
 */
export async function landerProfiles(db: Db, q: LanderQuery): Promise<{ rows: LanderRow[]; total: number }> {
  const rows = rowsOf<RawCard & { personal_text: string | null; interests: string[]; total: number }>(
    await db.execute(sql`
      SELECT ${CARD_COLUMNS_SQL}, left(p.personal_text, 200) AS personal_text, p.interests, count(*) OVER ()::int AS total
      FROM profiles p
      JOIN users u ON u.id = p.id
      JOIN photos ph ON ph.id = p.main_photo_id
      WHERE ${conditions(q)}
      ORDER BY (p.country = ${q.country}) DESC, p.id DESC
      LIMIT ${q.limit}`),
  );
  return { rows: rows.map((r) => ({ ...cardRowOf(r), personalText: r.personal_text, interests: r.interests })), total: rows[0]?.total ?? 0 };
}
