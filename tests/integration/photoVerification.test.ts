import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatsResponse } from "../../src/common/schemas/chat";
import type { Operations } from "../../src/common/schemas/operations";
import type { OwnPhoto, SearchResponse, MemberView } from "../../src/common/schemas/members";
import type { VerificationQueue, VerificationStatus } from "../../src/common/schemas/verification";
import type { User } from "../../src/common/schemas/user";
import { POSE_IDS } from "../../src/common/verification";
import { rowsOf } from "../../src/server/db/client";
import { routeAuthOf } from "../../src/server/plugins/routeAuth";
import { makeJpeg } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { devMails } from "../support/devMailbox";

// Photo verification: a member with an approved photo asks, gets a pose, sends a selfie; a moderator
// approves (a badge everywhere, a search filter) or rejects with a reason (the member may try again).
// Post-moderation here, so that an uploaded profile photo is approved at once.

let t: TestApp;
appForFile((app) => (t = app), { settings: { photo_moderation: "post" } });

interface ErrorBody {
  error: { code: string; message: string };
}

async function withPhoto(options: Parameters<TestApp["loggedIn"]>[0] = {}) {
  const member = await t.loggedIn(options);
  const res = await member.client.upload<{ photo: OwnPhoto }>("/api/photos.php", "photo", await makeJpeg());
  expect(res.body.photo.status).toBe("approved");
  return member;
}

/** Starts a request and sends a selfie: the request waits in the queue. */
async function submitted(client: TestClient): Promise<VerificationStatus> {
  const started = await client.post<VerificationStatus>("/api/verification.php", {});
  expect(started.status).toBe(200);
  const sent = await client.upload<VerificationStatus>("/api/verification-selfie.php", "photo", await makeJpeg({ color: "#336699" }));
  expect(sent.status).toBe(200);
  return sent.body;
}

async function queuedFor(memberId: number) {
  const moderator = await signedInOperator(t, "moderator");
  const queue = await moderator.client.get<VerificationQueue>("/api/console/verifications");
  expect(queue.status).toBe(200);
  const request = queue.body.requests.find((r) => r.member.id === memberId);
  if (!request) throw new Error(`no request of member ${memberId} in the queue`);
  return { moderator, queue: queue.body, request };
}

const mailsTo = (email: string, count = 1) => devMails(t, email, count);

const audit = (memberId: number) =>
  t.testDb.database.db
    .execute(sql`SELECT action, reason, operator_id, details->>'pose' AS pose FROM audit_log WHERE member_id = ${memberId} ORDER BY id`)
    .then((r) => rowsOf<{ action: string; reason: string | null; operator_id: number; pose: string }>(r));

async function storedSelfies(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.server.storage.list("verifications/")) keys.push(entry.key);
  return keys;
}

describe("asking to be verified", () => {
  it("gives a pose, keeps it on the request, and queues the selfie for the moderators", async () => {
    const member = await withPhoto();
    const none = await member.client.get<VerificationStatus>("/api/verification.php");
    expect(none.body).toEqual({ state: "none", pose: null, reason: null, has_approved_photo: true, verified_at: null });

    const started = await member.client.post<VerificationStatus>("/api/verification.php", {});
    expect(started.body.state).toBe("started");
    expect(POSE_IDS).toContain(started.body.pose);
    // Asking again does not change the pose: a member cannot shop for an easier one.
    for (let i = 0; i < 3; i++) expect((await member.client.post<VerificationStatus>("/api/verification.php", {})).body.pose).toBe(started.body.pose);

    const before = (await storedSelfies()).length;
    const sent = await member.client.upload<VerificationStatus>("/api/verification-selfie.php", "photo", await makeJpeg());
    expect(sent.body).toMatchObject({ state: "pending", pose: started.body.pose });
    expect((await storedSelfies()).length).toBe(before + 1);

    const { request, queue } = await queuedFor(member.id);
    expect(request).toMatchObject({
      pose: started.body.pose,
      member: { id: member.id },
      photos: [{ url: expect.stringMatching(/^\/api\/console\/photos\//) }],
    });
    expect(queue.waiting).toBeGreaterThanOrEqual(1);
    // The operations screen counts it with the other queues.
    const admin = await signedInOperator(t, "admin");
    const operations = await admin.client.get<Operations>("/api/console/operations");
    expect(operations.body.today.verifications_waiting).toBe(queue.waiting);
  });

  it("allows one open request at a time: a second selfie while one waits is refused", async () => {
    const member = await withPhoto();
    await submitted(member.client);
    const again = await member.client.upload<ErrorBody>("/api/verification-selfie.php", "photo", await makeJpeg());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("verification_open");
    // Starting again finds the waiting request, it does not open a second one.
    expect((await member.client.post<VerificationStatus>("/api/verification.php", {})).body.state).toBe("pending");
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM verification_requests WHERE profile_id = ${member.id}`),
    );
    expect(n).toBe(1);
  });

  it("refuses a member without an approved photo, in their language, and a selfie before the start", async () => {
    const member = await t.loggedIn({ language: "de" });
    expect((await member.client.get<VerificationStatus>("/api/verification.php")).body.has_approved_photo).toBe(false);
    const refused = await member.client.post<ErrorBody>("/api/verification.php", {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "verification_photo_required",
      message: "Für die Verifizierung brauchst du mindestens ein freigegebenes Profilfoto.",
    });
    const early = await member.client.upload<ErrorBody>("/api/verification-selfie.php", "photo", await makeJpeg());
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("verification_not_started");
    const withOne = await withPhoto();
    await withOne.client.post("/api/verification.php", {});
    const notImage = await withOne.client.upload<ErrorBody>("/api/verification-selfie.php", "photo", Buffer.from("not a picture at all"));
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.code).toBe("not_an_image");
  });
});

describe("the moderator's decision", () => {
  it("approves: the member is verified, with a badge on the profile, on cards and in the verified-only search; told by mail", async () => {
    const member = await withPhoto({ language: "de", profile: { gender: "female" } });
    const unverified = await withPhoto({ profile: { gender: "female" } });
    const viewer = await t.loggedIn({ profile: { gender: "male" }, credits: 100 });
    // A conversation whose list item (kept per member, chatListCache.ts) is built before the approval.
    expect((await viewer.client.post("/api/chat.php", { to: member.id, text: "Hello Vera" })).status).toBe(200);
    const partnerInList = async () => (await viewer.client.get<ChatsResponse>("/api/chats.php")).body.chats.find((c) => c.profile === member.id)?.member;
    expect((await partnerInList())?.verified).toBe(false);
    await submitted(member.client);
    const { moderator, request } = await queuedFor(member.id);
    const selfie = await moderator.client.get(request.selfie_url);
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get("content-type")).toBe("image/jpeg");
    expect(selfie.headers.get("cache-control")).toBe("private, no-store");

    const selfiesBefore = await storedSelfies();
    expect((await moderator.client.post(`/api/console/verifications/${request.id}/approve`, {})).status).toBe(200);
    // Decided once: a second decision finds nothing waiting, and the selfie is gone.
    expect((await moderator.client.post(`/api/console/verifications/${request.id}/reject`, { reason: "other" })).status).toBe(404);
    expect((await moderator.client.get(request.selfie_url)).status).toBe(404);
    expect((await storedSelfies()).length).toBe(selfiesBefore.length - 1);

    const status = await member.client.get<VerificationStatus>("/api/verification.php");
    expect(status.body).toMatchObject({ state: "verified", verified_at: expect.any(String) });
    expect((await member.client.get<{ user: User }>("/api/user.php")).body.user.profile.verified).toBe(true);
    expect((await viewer.client.get<MemberView>(`/api/member.php?id=${member.id}`)).body.profile.verified).toBe(true);
    expect((await viewer.client.get<MemberView>(`/api/member.php?id=${unverified.id}`)).body.profile.verified).toBe(false);
    expect((await partnerInList())?.verified).toBe(true);

    const all = await viewer.client.get<SearchResponse>("/api/members.php?gender=female");
    expect(all.body.profiles.find((p) => p.id === member.id)?.verified).toBe(true);
    expect(all.body.profiles.find((p) => p.id === unverified.id)?.verified).toBe(false);
    for (const sort of ["newest", "distance"]) {
      const only = await viewer.client.get<SearchResponse>(`/api/members.php?gender=female&verified=1&sort=${sort}`);
      expect(only.status).toBe(200);
      expect(only.body.filters.verified).toBe("1");
      expect(only.body.profiles.map((p) => p.id)).toContain(member.id);
      expect(only.body.profiles.every((p) => p.verified)).toBe(true);
      expect(only.body.total).toBe(only.body.profiles.length);
    }
    expect((await viewer.client.get<ErrorBody>("/api/members.php?verified=yes")).status).toBe(400);

    const [mail] = await mailsTo(member.email);
    expect(mail.subject).toBe("Deine Fotos auf Amoria sind verifiziert");
    expect(await audit(member.id)).toEqual([{ action: "verification.approve", reason: null, operator_id: moderator.id, pose: request.pose }]);
    // Verified is for good: no second request.
    expect((await member.client.post<ErrorBody>("/api/verification.php", {})).body.error.code).toBe("already_verified");
  });

  it("rejects with a reason the member is told, and lets them try again with another pose", async () => {
    const member = await withPhoto();
    const first = await submitted(member.client);
    const admin = await signedInOperator(t, "admin");
    const { request } = await queuedFor(member.id);
    expect((await admin.client.post(`/api/console/verifications/${request.id}/reject`, { reason: "blurry" })).status).toBe(400);
    expect((await admin.client.post(`/api/console/verifications/${request.id}/reject`, { reason: "pose_not_matching" })).status).toBe(200);
    expect((await admin.client.get(request.selfie_url)).status).toBe(404);

    const status = await member.client.get<VerificationStatus>("/api/verification.php");
    expect(status.body).toMatchObject({ state: "rejected", reason: "pose_not_matching", pose: first.pose, verified_at: null });
    expect((await member.client.get<{ user: User }>("/api/user.php")).body.user.profile.verified).toBe(false);
    const [mail] = await mailsTo(member.email);
    expect(mail.subject).toBe("Your verification on Amoria was not approved");
    expect(mail.text).toContain("The pose in the selfie is not the one we asked for.");
    expect(await audit(member.id)).toEqual([{ action: "verification.reject", reason: "pose_not_matching", operator_id: admin.id, pose: first.pose }]);

    // The member's data download holds the request and its outcome, not where a selfie was kept.
    const mine = await member.client.get<{ verifications: Array<Record<string, unknown>> }>("/api/my-data.php");
    expect(mine.body.verifications).toEqual([expect.objectContaining({ pose: first.pose, status: "rejected", rejection_reason: "pose_not_matching" })]);
    expect(JSON.stringify(mine.body.verifications)).not.toContain("verifications/");

    const again = await member.client.post<VerificationStatus>("/api/verification.php", {});
    expect(again.body.state).toBe("started");
    expect(again.body.pose).not.toBe(first.pose);
  });
});

describe("who may see and decide", () => {
  it("declares the console's verification routes for moderators and admins (and the route-table tests reach them)", () => {
    const routes = t.server.routes
      .filter((r) => r.url.startsWith("/api/console/verifications"))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== "HEAD").map((m) => `${m} ${r.url} ${routeAuthOf(r.config)}`));
    expect(routes.sort()).toEqual([
      "GET /api/console/verifications moderator,admin",
      "GET /api/console/verifications/:id/selfie moderator,admin",
      "POST /api/console/verifications/:id/approve moderator,admin",
      "POST /api/console/verifications/:id/reject moderator,admin",
    ]);
  });

  it("lets moderators and admins decide; refuses support, members (their own selfie too) and visitors", async () => {
    const member = await withPhoto();
    const other = await withPhoto();
    await submitted(member.client);
    const { request } = await queuedFor(member.id);
    const support = await signedInOperator(t, "support");
    for (const [method, path] of [
      ["GET", "/api/console/verifications"],
      ["GET", request.selfie_url],
      ["POST", `/api/console/verifications/${request.id}/approve`],
      ["POST", `/api/console/verifications/${request.id}/reject`],
    ] as const) {
      const body = method === "POST" ? { reason: "other" } : undefined;
      const asSupport = await support.client.request<ErrorBody>(method, path, body);
      expect(asSupport.status, `support ${path}`).toBe(403);
      expect(asSupport.body.error.code).toBe("operator_forbidden");
      expect((await member.client.request(method, path, body)).status, `owner ${path}`).toBe(403);
      expect((await other.client.request(method, path, body)).status, `other member ${path}`).toBe(403);
      expect((await t.client().request(method, path, body)).status, `visitor ${path}`).toBe(403);
    }
    // Still waiting, untouched.
    expect((await member.client.get<VerificationStatus>("/api/verification.php")).body.state).toBe("pending");
    for (const path of ["/api/verification.php"]) expect((await t.client().get<ErrorBody>(path)).body.error.code).toBe("authentication_required");
    expect((await t.client().post<ErrorBody>("/api/verification.php", {})).status).toBe(403);
  });
});
