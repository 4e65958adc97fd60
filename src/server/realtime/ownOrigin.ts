import { normaliseHost } from "../features/settings/siteResolver";

/**
 * Whether a WebSocket upgrade's Origin header is the site's own: a page of another site must not open
 * a socket with the member's cookie (cross-site WebSocket hijacking). Browsers always send Origin on
 * an upgrade; a request without one is no page of ours either. The host is compared as sites are
 * found (normaliseHost: no port, no www., loopback as localhost).
 */
export function isOwnOrigin(origin: string | undefined, siteDomain: string): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  return normaliseHost(url.host) === normaliseHost(siteDomain);
}
