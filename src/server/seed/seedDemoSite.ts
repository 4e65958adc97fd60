import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ageOn } from "../../common/dates";
import type { Storage } from "../adapters/storage";
import { type Db, rowsOf } from "../db/client";
import { insertDefaultBundles } from "../features/payments/payments.repo";
import { companies, likes, photos, profiles, sites, users } from "../db/schema";
import { hashPassword } from "../features/auth/passwords";
import { moveCredits } from "../features/credits/ledger";
import { placeOf } from "../geo/places";
import { processPhoto } from "../features/photos/processPhoto";
import { defaultCompany, defaultSettings } from "../features/settings/defaultSettings";
import { demoMember } from "./demoMember";
import { mulberry32 } from "./mulberry32";
import { photoVariants } from "./photoVariants";
import { renderAvatar } from "./renderAvatar";

export const DEMO_DOMAIN = "localhost";
/**
 * Demo members made before the site answers on a first start; the rest of SEED_MEMBERS follow in
 * the background (a full page of search results and swipe cards is there from the first page on).
 */
export const FIRST_DEMO_MEMBERS = 24;
/** A ready account for trying the site (README); in production its password is DEMO_PASSWORD. */
export const DEMO_LOGIN = { email: "demo@example.com", password: "demo12345" };

/**
 * Creates the demo site for localhost with `members` demo members, each with a generated picture.
 * Safe to run at every start: it adds only what is missing, so an interrupted seed resumes.
 */
export async function seedDemoSite(db: Db, storage: Storage, options: { members: number; log?: FastifyBaseLogger; demoPassword?: string }): Promise<void> {
  let [site] = await db.select().from(sites).where(eq(sites.domain, DEMO_DOMAIN));
  if (!site) {
    const [company] = await db.insert(companies).values({ info: defaultCompany() }).returning();
    // Switzerland first: a visitor GeoIP cannot place (localhost) may choose among de, it, fr and en.
    const base = defaultSettings();
    const countries = ["CH", ...base.countries.filter((c) => c !== "CH")];
    [site] = await db
      .insert(sites)
      .values({ domain: DEMO_DOMAIN, companyId: company.id, settings: { ...base, countries } })
      .returning();
    await insertDefaultBundles(db, site.id);
  }
  const [{ existing }] = await db.select({ existing: count() }).from(users).where(eq(users.siteId, site.id));
  if (Number(existing) === 0) await createDemoLogin(db, site.id, options.demoPassword ?? DEMO_LOGIN.password);
  const have = Math.max(0, Number(existing) - 1);
  if (have >= options.members) {
    await seedLikes(db, site.id);
    return;
  }

  options.log?.info({ from: have, to: options.members }, "seeding demo members");
  const started = Date.now();
  for (let index = have; index < options.members; index += 4) {
    const batch = [];
    for (let i = index; i < Math.min(index + 4, options.members); i++) batch.push(createDemoMember(db, storage, site.id, i));
    await Promise.all(batch);
  }
  await seedLikes(db, site.id);
  options.log?.info({ members: options.members, ms: Date.now() - started }, "demo members seeded");
}

/**
 * Likes between demo members, and for the demo login some new likes and a match, so that the likes
 * page and the badges show a living site. Each demo member likes once, when they have liked nobody
 * yet: members seeded later (in the background after a first start) get theirs on that run.
 */
async function seedLikes(db: Db, siteId: number): Promise<void> {
  const members = rowsOf<{ id: number; gender: string; has_liked: boolean }>(
    await db.execute(sql`
      SELECT p.id, p.gender, EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = p.id) AS has_liked
      FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.site_id = ${siteId} AND u.can_login = false
      ORDER BY p.id`),
  );
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, DEMO_LOGIN.email)));
  if (members.length < 2) return;
  const random = mulberry32(4242);
  const rows: Array<typeof likes.$inferInsert> = [];
  const seen = new Set<string>();
  const add = (likerId: number, likedId: number, fresh: boolean) => {
    const key = `${likerId}:${likedId}`;
    if (likerId === likedId || seen.has(key)) return;
    seen.add(key);
    rows.push({ likerId, likedId, seen: !fresh, source: "member", createdAt: new Date(Date.now() - Math.floor(random() * 30 * 86_400_000)) });
  };
  for (const m of members) {
    const opposite = members.filter((o) => o.gender !== m.gender);
    if (m.has_liked || opposite.length === 0) continue;
    for (let i = Math.floor(random() * 5); i > 0; i--) add(m.id, opposite[Math.floor(random() * opposite.length)].id, random() < 0.5);
  }
  const women = members.filter((m) => m.gender === "female");
  if (demo && women.length > 0 && !women.slice(0, 6).some((w) => w.has_liked)) {
    for (const [i, w] of women.slice(0, 6).entries()) add(w.id, demo.id, i < 3);
    add(demo.id, women[0].id, false);
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(likes)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

/** The place columns of a profile in this town (geo/places.ts). */
function coordinatesOf(country: string, region: string, city: string): { latitude: number | null; longitude: number | null } {
  const place = placeOf(country, region, city);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

async function createDemoLogin(db: Db, siteId: number, password: string): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({ siteId, email: DEMO_LOGIN.email, passwordHash: await hashPassword(password), status: "confirmed", language: "en" })
    .returning();
  await moveCredits(db, user.id, 20, "signup_bonus");
  await db.insert(profiles).values({
    id: user.id,
    siteId,
    name: "Demo",
    status: "enabled",
    gender: "male",
    sexuality: "hetero",
    dateOfBirth: "1990-05-17",
    country: "CH",
    region: "ZH",
    city: "Zürich",
    ...coordinatesOf("CH", "ZH", "Zürich"),
  });
}

async function createDemoMember(db: Db, storage: Storage, siteId: number, index: number): Promise<void> {
  const m = demoMember(index, mulberry32(index + 1));
  const avatar = await renderAvatar({ seed: m.avatarSeed, gender: m.gender, age: ageOn(m.dateOfBirth), hairColor: m.hairColor, eyeColor: m.eyeColor });
  const stored = await processPhoto(avatar, storage);
  // Between one and four photos: enough that free viewers meet locked ones.
  const extras = await Promise.all((await photoVariants(avatar, index % 4)).map((variant) => processPhoto(variant, storage)));
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        siteId,
        email: m.email,
        // Not an argon2 hash: demo members cannot log in.
        passwordHash: "!demo",
        canLogin: false,
        status: "confirmed",
        language: m.language,
        signupDate: new Date(Date.now() - (index % 400) * 86_400_000),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return;
    await tx.insert(profiles).values({
      id: user.id,
      siteId,
      name: m.name,
      status: "enabled",
      gender: m.gender,
      sexuality: m.sexuality,
      dateOfBirth: m.dateOfBirth,
      country: m.country,
      region: m.region,
      city: m.city,
      ...coordinatesOf(m.country, m.region, m.city),
      personalText: m.personalText,
      interests: m.interests,
      hairColor: m.hairColor,
      eyeColor: m.eyeColor,
      bodyType: m.bodyType,
      relationshipStatus: m.relationshipStatus,
      tattoos: m.tattoos,
      fictional: m.fictional,
    });
    // The site's own demo photos need no moderator: they are decided when they are made.
    const decidedAt = new Date();
    await tx
      .insert(photos)
      .values([stored, ...extras].map((photo, position) => ({ ...photo, profileId: user.id, status: "approved" as const, position, decidedAt })));
    await tx.update(profiles).set({ mainPhotoId: stored.id }).where(eq(profiles.id, user.id));
  });
}
