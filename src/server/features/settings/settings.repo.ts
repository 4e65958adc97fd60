import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, sites } from "../../db/schema";

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.domain, domain));
  return row ?? null;
}

export async function findSiteById(db: Db, id: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row ?? null;
}

export async function findFirstSite(db: Db): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  return row ?? null;
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}
