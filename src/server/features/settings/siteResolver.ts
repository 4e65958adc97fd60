import type { Db } from "../../db/client";
import { findFirstSite, findSiteByDomain, type SiteRow } from "./settings.repo";

const TTL_MS = 10_000;

/** The domain of the site that runs on this machine itself (the demo site of the embedded default). */
export const LOCAL_DOMAIN = "localhost";

/**
 * The site of a request host, cached briefly so that settings edits show within seconds. A host that
 * is no site's domain gets no site in production (the request is refused), and the first site
 * otherwise, so that the embedded default answers on any address of the machine (a LAN address, a
 * preview name).
 */
export class SiteResolver {
  private readonly cache = new Map<string, { site: SiteRow | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly strict: boolean,
  ) {}

  async resolve(host: string | undefined): Promise<SiteRow | null> {
    const domain = normaliseHost(host);
    const hit = this.cache.get(domain);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.site;
    const site = (await findSiteByDomain(this.db, domain)) ?? (this.strict ? null : await findFirstSite(this.db));
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(domain, { site, at: Date.now() });
    return site;
  }

  forget(): void {
    this.cache.clear();
  }
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "0:0:0:0:0:0:0:1"]);

/** "www.Example.com:3000" -> "example.com"; the machine's own loopback addresses -> "localhost". */
export function normaliseHost(host: string | undefined): string {
  const name = (host ?? "")
    .toLowerCase()
    .replace(/^\[([^\]]*)\](:\d+)?$/, "$1")
    .replace(/^([^:]*):\d+$/, "$1");
  if (LOOPBACK.has(name)) return LOCAL_DOMAIN;
  return name.startsWith("www.") ? name.slice(4) : name;
}
