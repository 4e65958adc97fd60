// GET /api/likes.php's parts, one call at a time on one connection (no load generator): the stamp
// statement (LikesListCache), the two statements of a build, the whole build with its JSON, and the
// answer's size; with the api benchmark's data (120 likes, 100 cards) and with 1,000 each way.
import { blocks, likes } from "../src/server/db/schema";
import { likesStamp, listLikesWithCards } from "../src/server/features/likes/likes.repo";
import { LikesService } from "../src/server/features/likes/likes.service";
import { createMember, createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const bench = await benchDatabase("likes_stamp_bench", 2);
const { db } = bench.database;
const site = await createSite(db);
const member = async (i: number) =>
  (await createMember(db, site.id, { profile: { gender: i % 2 ? "female" : "male", country: "DE", dateOfBirth: `${1967 + (i % 40)}-03-0${1 + (i % 9)}` } }))
    .user.id;
const viewer = await member(0);
const others: number[] = [];
for (let i = 0; i < 400; i++) others.push(await member(i));
await db.insert(likes).values(others.slice(0, 60).map((id) => ({ likerId: id, likedId: viewer })));
await db.insert(likes).values(others.slice(40, 100).map((id) => ({ likerId: viewer, likedId: id })));
await db.insert(blocks).values([
  { blockerId: viewer, blockedId: others[101] },
  { blockerId: others[103], blockedId: viewer },
]);
await db.execute("ANALYZE");

const service = new LikesService(db, null as never, null as never, 0, () => {});
const place = { latitude: 52.5, longitude: 13.4 };
const timed = async (label: string, n: number, f: () => Promise<unknown>) => {
  for (let i = 0; i < 50; i++) await f();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f();
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / n;
  console.log(`| ${label} | ${ms.toFixed(3)} ms |`);
};
const run = async (who: number, label: string) => {
  const viewerOf = { id: who, siteId: site.id, paid: false, place };
  await timed(`${label}: stamp statement`, 500, () => likesStamp(db, who, new Date()));
  await timed(`${label}: the two build statements`, 500, () => listLikesWithCards(db, who));
  await timed(`${label}: whole build (statements, cards, JSON, bytes)`, 500, async () => Buffer.from(JSON.stringify(await service.list(viewerOf))));
  await timed(`${label}: kept answer (stamp, compare)`, 500, () => service.listJson(viewerOf));
  const body = await service.listJson(viewerOf);
  console.log(`| ${label}: answer size | ${body.length} bytes |`);
};
console.log("| part | per call |\n|---|---|");
await run(viewer, "120 likes, 100 cards");
const heavy = others[399];
await db.insert(likes).values(others.slice(0, 399).map((id) => ({ likerId: id, likedId: heavy })));
await db.insert(likes).values(others.slice(0, 399).map((id) => ({ likerId: heavy, likedId: id })));
await db.execute("ANALYZE");
await run(heavy, "798 likes, 399 cards");
await bench.drop();
process.exit(0);
