import webpush from "web-push";
import type { Db } from "../../db/client";
import { serverKey } from "../notifications/serverKeys";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = "vapid_keys";

/** Throws, naming the variable, when a VAPID key from the environment has the wrong shape. */
function checkKeys(keys: VapidKeys): VapidKeys {
  const decoded = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, "base64url") : Buffer.alloc(0));
  if (decoded(keys.publicKey).length !== 65)
    throw new Error("VAPID_PUBLIC_KEY: must be a base64url P-256 public key (65 bytes, from web-push generate-vapid-keys)");
  if (decoded(keys.privateKey).length !== 32)
    throw new Error("VAPID_PRIVATE_KEY: must be a base64url P-256 private key (32 bytes, from web-push generate-vapid-keys)");
  return keys;
}

/**
 * The Web Push key pair: from the environment in production; otherwise made once with web-push and
 * kept in the database, so that every instance (and every restart) signs with the same key and
 * the browsers' subscriptions stay valid.
 */
export async function vapidKeys(db: Db, fromConfig: VapidKeys | undefined): Promise<VapidKeys> {
  if (fromConfig) return checkKeys(fromConfig);
  const stored = await serverKey(db, KEY_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return checkKeys(JSON.parse(stored) as VapidKeys);
}
