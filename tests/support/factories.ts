import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CompanyInfo, StoredSettings } from "../../src/common/schemas/settings";
import type { Db } from "../../src/server/db/client";
import { companies, photos, profiles, sites, users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/features/auth/passwords";
import { moveCredits } from "../../src/server/features/credits/ledger";
import { placeOf } from "../../src/server/geo/places";
import { insertDefaultBundles } from "../../src/server/features/payments/payments.repo";
import { defaultCompany, defaultSettings } from "../../src/server/features/settings/defaultSettings";

export async function createSite(db: Db, options: { domain?: string; settings?: Partial<StoredSettings>; company?: Partial<CompanyInfo> } = {}) {
  const [company] = await db
    .insert(companies)
    .values({ info: defaultCompany(options.company) })
    .returning();
  const [site] = await db
    .insert(sites)
    // Test sites show photos at once (post-moderation) unless a test asks for the product's default,
    // pre-moderation: tests of search, chat or caching should not need a moderator to approve each photo.
    .values({ domain: options.domain ?? "localhost", companyId: company.id, settings: defaultSettings({ photo_moderation: "post", ...options.settings }) })
    .returning();
  await insertDefaultBundles(db, site.id);
  return site;
}

let counter = 0;
const hashes = new Map<string, Promise<string>>();

/** A member who can log in; `password` defaults to "correct horse". */
export async function createMember(
  db: Db,
  siteId: number,
  options: {
    email?: string;
    name?: string;
    password?: string;
    status?: "confirmed" | "not_confirmed";
    language?: string;
    paidUser?: boolean;
    credits?: number;
    canLogin?: boolean;
    profile?: Partial<typeof profiles.$inferInsert>;
  } = {},
) {
  counter += 1;
  const password = options.password ?? "correct horse";
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const email = options.email ?? `member${counter}-${randomUUID().slice(0, 6)}@example.com`;
  const status = options.status ?? "confirmed";
  const [user] = await db
    .insert(users)
    .values({
      siteId,
      email,
      passwordHash: await (hashes.get(password) as Promise<string>),
      status,
      language: options.language ?? "en",
      paidUser: options.paidUser ?? false,
      canLogin: options.canLogin ?? true,
    })
    .returning();
  const profile = {
    name: options.name ?? `Member ${counter}`,
    status: status === "confirmed" ? ("enabled" as const) : ("disabled" as const),
    gender: counter % 2 ? ("female" as const) : ("male" as const),
    dateOfBirth: "1990-01-15",
    country: "NL",
    ...options.profile,
  };
  // The place as the profile page would set it from country, region and town (geo/places.ts).
  const place = placeOf(profile.country, profile.region, profile.city);
  await db.insert(profiles).values({ id: user.id, siteId, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null, ...profile });
  if (options.credits) await moveCredits(db, user.id, options.credits, "bonus");
  return { user, email, password };
}

/** What a deletion request does to an account (the deletion flow is another issue's). */
export async function markDeletionRequested(db: Db, userId: number) {
  await db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, userId));
  await db.update(profiles).set({ status: "disabled" }).where(eq(profiles.id, userId));
}

/**
 * A main photo for a member, as a record only (its files are not stored: enough for what lists and
 * cards show); `approved` unless told. Returns the photo's id.
 */
export async function giveMainPhoto(db: Db, profileId: number, status: "approved" | "pending" = "approved"): Promise<string> {
  const id = randomUUID();
  await db.insert(photos).values({
    id,
    profileId,
    filename: `${id}.jpg`,
    thumbFilename: `${id}_thumb.jpg`,
    matchFilename: `${id}_match.jpg`,
    blurredFilename: `${id}_blur.jpg`,
    status,
  });
  await db.update(profiles).set({ mainPhotoId: id }).where(eq(profiles.id, profileId));
  return id;
}

/** A JPEG of the given size made by sharp, optionally with EXIF data (to check that uploads drop it). */
export async function makeJpeg(options: { width?: number; height?: number; exif?: boolean; color?: string } = {}): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  let image = sharp({ create: { width: options.width ?? 400, height: options.height ?? 500, channels: 3, background: options.color ?? "#c05070" } }).jpeg();
  if (options.exif) image = image.withExif({ IFD0: { Copyright: "secret-owner", Artist: "GPS 52.37N 4.89E" } });
  return image.toBuffer();
}
