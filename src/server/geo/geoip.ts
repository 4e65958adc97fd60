import { createRequire } from "node:module";

// geoip-country ships a packaged GeoLite2 country database and reads it into memory on first use.
const require = createRequire(import.meta.url);
const geoip = require("geoip-country") as { lookup(ip: string): { country: string } | null };

/** ISO country of a client address, or null for private, local and unknown addresses. */
export function countryOfIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  try {
    return geoip.lookup(address)?.country ?? null;
  } catch {
    return null;
  }
}
