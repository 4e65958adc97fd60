import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";

// Web Push (spec sections 4 and 7): the subscription a browser hands over, and the message the server
// sends through the push service to the service worker.

/** Longest endpoint we store; the push services in use hand out well under 500 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** An uncompressed P-256 public key (65 bytes, first byte 0x04) in base64url: 87 characters starting with B. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
/** The 16-byte auth secret in base64url: 22 characters. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;

/** Hosts that never are a push service: the server must not be made to POST to itself or its network. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    !host.includes(".") ||
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    /^[\d.]+$/.test(host) ||
    host.includes(":")
  );
}

/**
 * Whether an endpoint may be stored. Push services are https on the default port, under a public
 * host name. `allowLoopbackHttp` additionally takes http://127.0.0.1:<port>/...: only the test
 * environment turns it on, so that integration tests can play the push service.
 */
export function isAcceptableEndpoint(endpoint: string, allowLoopbackHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (allowLoopbackHttp && url.protocol === "http:" && url.hostname === "127.0.0.1") return true;
  return url.protocol === "https:" && url.port === "" && !isLocalHost(url.hostname);
}

/**
 * POST /api/user.php?push=1: the browser's `PushSubscription.toJSON()`. Where the endpoint may point
 * (isAcceptableEndpoint) the server checks after this shape, as it depends on the environment.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string({ error: "errors.field_invalid" }).max(PUSH_ENDPOINT_MAX_LENGTH, { error: "errors.field_invalid" }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string({ error: "errors.field_invalid" }).regex(P256DH, { error: "errors.field_invalid" }),
      auth: z.string({ error: "errors.field_invalid" }).regex(AUTH_SECRET, { error: "errors.field_invalid" }),
    }),
  })
  .meta({ description: "The browser's PushSubscription as JSON (PushSubscription.toJSON())" });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/user.php?push=1: forget this browser's subscription (push turned off, or logout). */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) }).strict();

/** The query that selects the push variant of /api/user.php. */
export const pushQuerySchema = z.object({ push: z.literal("1") });

/**
 * The push calls share their path with the login (spec section 7): the key names the query that
 * routes them ("?push=1"), which the client sends and the server's route is constrained to.
 */
export const pushCalls = {
  "POST /api/user.php?push=1": { querystring: pushQuerySchema, body: pushSubscriptionSchema, response: { 200: okSchema } },
  "DELETE /api/user.php?push=1": { querystring: pushQuerySchema, body: pushUnsubscribeSchema, response: { 200: okSchema } },
} as const satisfies Calls;

export const PUSH_KINDS = ["message", "like", "match"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What the server sends, encrypted, through the push service; the service worker shows it as a
 * notification. Texts are already in the member's language.
 */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** Sender's thumbnail when it is public, else the site icon (absolute URLs). */
  icon: string;
  badge: string;
  /** Page to open on click (absolute URL of the site). */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation; one for likes). */
  tag: string;
  lang: string;
  /** Milliseconds since the epoch of the event. */
  timestamp: number;
  conversation?: number;
}
