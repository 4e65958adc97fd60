import type { Db } from "../../db/client";
import { companies, sites } from "../../db/schema";
import { insertDefaultBundles } from "../payments/payments.repo";
import { defaultCompany, defaultSettings } from "./defaultSettings";
import { findSiteByDomain, type SiteRow } from "./settings.repo";
import { normaliseHost } from "./siteResolver";

export interface NewSite {
  /** The host name members reach it on (www. and a port are dropped, as requests are matched). */
  domain: string;
  name?: string;
  /** ISO countries it is sold in, the first being the one a visitor GeoIP cannot place counts as. */
  countries?: string[];
}

/**
 * Adds a site with its own company and the default settings and credit bundles, or answers the
 * existing one for that domain unchanged (so that a deployment script may run it at every start).
 */
export async function addSite(db: Db, input: NewSite): Promise<{ site: SiteRow; created: boolean }> {
  const domain = normaliseHost(input.domain);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) throw new Error(`not a domain name: ${input.domain}`);
  const existing = await findSiteByDomain(db, domain);
  if (existing) return { site: existing, created: false };
  const base = defaultSettings();
  const countries = input.countries?.length ? input.countries.map((c) => c.toUpperCase()) : base.countries;
  const bad = countries.find((c) => !/^[A-Z]{2}$/.test(c));
  if (bad) throw new Error(`not an ISO country code: ${bad}`);
  const name = input.name ?? base.name;
  const site = await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ info: defaultCompany() }).returning();
    const [row] = await tx
      .insert(sites)
      .values({ domain, companyId: company.id, settings: { ...base, countries, name, mail_name: name } })
      .returning();
    await insertDefaultBundles(tx, row.id);
    return row;
  });
  return { site, created: true };
}
