import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OwnPhoto, OwnProfileResponse } from "../../src/common/schemas/members";
import type { PhotoNotices, PhotoQueue } from "../../src/common/schemas/photoModeration";
import type { User } from "../../src/common/schemas/user";
import { rowsOf } from "../../src/server/db/client";
import { makeJpeg } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { devMails } from "../support/devMailbox";

// Photo moderation on a pre-moderated site (the product's default): a new photo is its owner's only
// until a moderator approves it; a rejection takes it away and tells the member why, by mail too.

let t: TestApp;
appForFile((app) => (t = app), { settings: { photo_moderation: "pre", photo_review_hours: 24 } });

interface ErrorBody {
  error: { code: string };
}

async function upload(client: TestClient): Promise<OwnPhoto> {
  const res = await client.upload<{ photo: OwnPhoto }>("/api/photos.php", "photo", await makeJpeg());
  expect(res.status).toBe(200);
  return res.body.photo;
}

/** What another member sees of the owner: the main image on the profile, the photos there, and each file. */
async function seenBy(viewer: TestClient, ownerId: number, photo: OwnPhoto) {
  const view = await viewer.get<{ profile: { main_image: unknown }; photos: Array<{ id: string }> }>(`/api/member.php?id=${ownerId}`);
  const files = await Promise.all([photo.filename, photo.thumb_filename, photo.match, `/photos/${photo.id}_blur.jpg`].map((f) => viewer.get(f)));
  return { main: view.body.profile.main_image !== null, listed: view.body.photos.some((p) => p.id === photo.id), files: files.map((f) => f.status) };
}

const mailsTo = (email: string, count = 1) => devMails(t, email, count);

const audit = (memberId: number) =>
  t.testDb.database.db
    .execute(sql`SELECT action, reason, operator_id, details->>'photo_id' AS photo_id FROM audit_log WHERE member_id = ${memberId} ORDER BY id`)
    .then((r) => rowsOf<{ action: string; reason: string | null; operator_id: number; photo_id: string }>(r));

describe("pre-moderation", () => {
  it("shows a new photo to its owner only, in review, until a moderator approves it; then to everyone", async () => {
    const owner = await t.loggedIn({ profile: { gender: "female" } });
    const viewer = await t.loggedIn({ profile: { gender: "male" } });
    const photo = await upload(owner.client);
    expect(photo).toMatchObject({ status: "pending", is_main: false });

    expect(await seenBy(viewer.client, owner.id, photo)).toEqual({ main: false, listed: false, files: [404, 404, 404, 404] });
    expect(await seenBy(t.client(), owner.id, photo)).toMatchObject({ files: [404, 404, 404, 404] });
    // The owner sees it, marked in review, and is told so rather than asked to add a photo.
    for (const f of [photo.filename, photo.thumb_filename]) expect((await owner.client.get(f)).status).toBe(200);
    const own = await owner.client.get<OwnProfileResponse>("/api/profile.php");
    expect(own.body.photos.map((p) => p.status)).toEqual(["pending"]);
    expect((await owner.client.get<PhotoNotices>("/api/photo-notices.php")).body).toEqual({ pending: 1, rejected: [] });

    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<PhotoQueue>("/api/console/photos");
    const queued = queue.body.photos.find((p) => p.id === photo.id);
    expect(queued).toMatchObject({ status: "pending", mode: "pre", member: { id: owner.id, gender: "female" } });
    expect(queue.body.waiting).toBeGreaterThanOrEqual(1);
    // The moderator sees the file through the console, which a member's session never reaches.
    const file = await moderator.client.get(queued?.url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect((await owner.client.get(queued?.url ?? "")).status).toBe(403);

    expect((await moderator.client.post(`/api/console/photos/${photo.id}/approve`, {})).status).toBe(200);
    expect(await seenBy(viewer.client, owner.id, photo)).toEqual({ main: true, listed: true, files: [200, 200, 200, 200] });
    const user = await owner.client.get<{ user: User }>("/api/user.php");
    expect(user.body.user.profile.main_image).toMatchObject({ id: photo.id, status: "approved" });
    expect((await moderator.client.get<PhotoQueue>("/api/console/photos")).body.photos.some((p) => p.id === photo.id)).toBe(false);
    // Decided once: a second decision finds nothing waiting.
    expect((await moderator.client.post(`/api/console/photos/${photo.id}/reject`, { reason: "explicit" })).status).toBe(404);
    expect(await audit(owner.id)).toEqual([{ action: "photo.approve", reason: null, operator_id: moderator.id, photo_id: photo.id }]);
  });

  it("takes a rejected photo away, tells the member why on the site and by mail in their language, and lets them upload another", async () => {
    const owner = await t.loggedIn({ language: "de" });
    const viewer = await t.loggedIn();
    const photo = await upload(owner.client);
    const admin = await signedInOperator(t, "admin");
    const bad = await admin.client.post<ErrorBody>(`/api/console/photos/${photo.id}/reject`, { reason: "ugly" });
    expect(bad.status).toBe(400);
    expect((await admin.client.post(`/api/console/photos/${photo.id}/reject`, { reason: "contact_details" })).status).toBe(200);

    expect(await seenBy(viewer.client, owner.id, photo)).toEqual({ main: false, listed: false, files: [404, 404, 404, 404] });
    expect((await owner.client.get(photo.filename)).status).toBe(404);
    expect((await owner.client.get<OwnProfileResponse>("/api/profile.php")).body.photos).toEqual([]);
    const notices = await owner.client.get<PhotoNotices>("/api/photo-notices.php");
    expect(notices.body).toMatchObject({ pending: 0, rejected: [{ id: photo.id, reason: "contact_details" }] });

    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe("Dein Foto auf Amoria wurde nicht freigegeben");
    expect(mail.text).toContain("Das Foto zeigt Kontaktdaten.");
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/profile/);
    expect(await audit(owner.id)).toEqual([{ action: "photo.reject", reason: "contact_details", operator_id: admin.id, photo_id: photo.id }]);

    // Closing the notice ends it; another member cannot close it; a new photo waits like the first.
    expect((await viewer.client.post<ErrorBody>("/api/photo-notices.php", { id: photo.id })).status).toBe(404);
    expect((await owner.client.post("/api/photo-notices.php", { id: photo.id })).status).toBe(200);
    expect((await owner.client.get<PhotoNotices>("/api/photo-notices.php")).body.rejected).toEqual([]);
    expect((await upload(owner.client)).status).toBe("pending");
  });
});

describe("who may moderate", () => {
  it("refuses support and members, and visitors the member notices", async () => {
    const owner = await t.loggedIn();
    const photo = await upload(owner.client);
    const support = await signedInOperator(t, "support");
    for (const [method, path] of [
      ["GET", "/api/console/photos"],
      ["GET", `/api/console/photos/${photo.id}/file`],
      ["POST", `/api/console/photos/${photo.id}/approve`],
      ["POST", `/api/console/photos/${photo.id}/reject`],
    ] as const) {
      const body = method === "POST" ? { reason: "other" } : undefined;
      const asSupport = await support.client.request<ErrorBody>(method, path, body);
      expect(asSupport.status, `support ${path}`).toBe(403);
      expect(asSupport.body.error.code).toBe("operator_forbidden");
      expect((await owner.client.request(method, path, body)).status, `member ${path}`).toBe(403);
    }
    expect((await t.client().get<ErrorBody>("/api/photo-notices.php")).body.error.code).toBe("authentication_required");
    expect((await owner.client.get<OwnProfileResponse>("/api/profile.php")).body.photos[0].status).toBe("pending");
  });
});
