import type { Db } from "../../db/client";
import { findFirstSite, findSiteByDomain, type SiteRow } from "./settings.repo";

const TTL_MS = 10_000;

/** The site of a request host, cached briefly so that settings edits show within seconds. */
export class SiteResolver {
  private readonly cache = new Map<string, { site: SiteRow | null; at: number }>();

  constructor(private readonly db: Db) {}

  async resolve(host: string | undefined): Promise<SiteRow | null> {
    const domain = normaliseHost(host);
    const hit = this.cache.get(domain);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.site;
    // An unknown host (an IP address, a preview domain) gets the first site, so a fresh install answers anywhere.
    const site = (await findSiteByDomain(this.db, domain)) ?? (await findFirstSite(this.db));
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(domain, { site, at: Date.now() });
    return site;
  }

  forget(): void {
    this.cache.clear();
  }
}

/** Loopback addresses are the machine itself: a site at "localhost" answers on them too. */
const LOOPBACK = new Set(["127.0.0.1", "::1"]);

/** "www.Example.com:3000" -> "example.com"; "127.0.0.1:3000" and "[::1]:3000" -> "localhost". */
export function normaliseHost(host: string | undefined): string {
  const lower = (host ?? "").toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(lower);
  const name = bracketed ? bracketed[1] : lower.replace(/:\d+$/, "");
  if (LOOPBACK.has(name)) return "localhost";
  return name.startsWith("www.") ? name.slice(4) : name;
}
