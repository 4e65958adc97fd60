import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serverKeys } from "../../db/schema";

/**
 * A key the server makes once and every instance then reads from the database: `make` runs only
 * when the key does not exist yet, and when two instances race, both end up with the first one stored.
 */
export async function serverKey(db: Db, name: string, make: () => string): Promise<string> {
  const [existing] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  if (existing) return existing.value;
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [stored] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return stored.value;
}
