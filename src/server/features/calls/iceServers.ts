import { createHmac } from "node:crypto";
import type { CallConfig } from "../../../common/schemas/calls";
import type { Config } from "../../config";

/**
 * The ICE servers a member's page uses for a call: the STUN servers, and the TURN servers with
 * coturn's time-limited REST credentials (use-auth-secret: the user name is the expiry time and the
 * member's id, the password its HMAC-SHA1 under the shared secret), so no lasting TURN password ever
 * reaches a page. With relayOnly the page gathers relay candidates only: neither side sees the other's address.
 */
export function iceServersFor(ice: Config["ice"], memberId: number, now = Date.now()): CallConfig {
  const servers: CallConfig["ice_servers"] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turn) {
    const username = `${Math.floor(now / 1000) + ice.turn.ttlSeconds}:${memberId}`;
    const credential = createHmac("sha1", ice.turn.secret).update(username).digest("base64");
    servers.push({ urls: ice.turn.urls, username, credential });
  }
  return { ice_servers: servers, ice_transport_policy: ice.relayOnly && ice.turn ? "relay" : "all" };
}
