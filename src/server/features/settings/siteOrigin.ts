import { LOCAL_DOMAIN, normaliseHost } from "./siteResolver";

/** A site's own address, for every absolute link: mails, pushes, payment returns and webhooks. */
export type SiteOrigin = (site: { domain: string }) => string;

/**
 * Absolute links come from configuration, never from a request's Host or X-Forwarded-* headers
 * (a forged host would carry a reset token to someone else's domain). The site whose domain is
 * PUBLIC_URL's host uses PUBLIC_URL as it is (its scheme, www. and port); the local demo site uses
 * http://localhost:PORT; every other site https://<its domain>.
 */
export function siteOriginOf(config: { publicUrl?: string; port: number }): SiteOrigin {
  const publicDomain = config.publicUrl ? normaliseHost(new URL(config.publicUrl).host) : null;
  return (site) => {
    if (config.publicUrl && site.domain === publicDomain) return config.publicUrl;
    if (site.domain === LOCAL_DOMAIN) return `http://localhost:${config.port}`;
    return `https://${site.domain}`;
  };
}
