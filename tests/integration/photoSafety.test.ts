import { describe, expect, it } from "vitest";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import type { OwnPhoto } from "../../src/common/schemas/members";
import type { PhotoQueue } from "../../src/common/schemas/photoModeration";
import { makeJpeg } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, startTestApp, type TestApp, type TestClient } from "../support/testApp";

// Photo safety (issue 22): every chat and profile photo is scored for nudity on the server. The test
// app scores with the deterministic marker classifier (PHOTO_CLASSIFIER=marker): a magenta image is
// "explicit", any other harmless. The site here is post-moderated, so that a flagged profile photo
// being held for a moderator is the model's doing, not the site's mode.

let t: TestApp;
appForFile((app) => (t = app), { settings: { photo_moderation: "post" } });

const explicit = () => makeJpeg({ color: "#ff00ff" });
const harmless = () => makeJpeg({ color: "#c05070" });

const sendPhoto = async (from: TestClient, to: number, photo: Buffer) => {
  const res = await from.upload<SendMessageResponse>(`/api/chatphoto.php?to=${to}`, "photo", photo, "p.jpg", "image/jpeg");
  expect(res.status).toBe(200);
  return res.body.message;
};

describe("a chat photo", () => {
  it("that the model flags reaches its recipient marked flagged, in the send's answer and in the history", async () => {
    const a = await t.loggedIn({ credits: 100 });
    const b = await t.loggedIn();
    // The first photo starts the conversation (the longer steps), the second goes into it (one statement).
    const first = await sendPhoto(a.client, b.id, await explicit());
    const second = await sendPhoto(a.client, b.id, await harmless());
    const third = await sendPhoto(a.client, b.id, await explicit());
    expect(first.photo?.flagged).toBe(true);
    expect(second.photo).not.toHaveProperty("flagged");
    expect(third.photo?.flagged).toBe(true);

    const seen = await b.client.get<ConversationResponse>(`/api/chat.php?member=${a.id}`);
    expect(seen.body.messages.map((m) => m.photo?.flagged ?? false)).toEqual([true, false, true]);
    // Both members' data exports say so too.
    for (const member of [a, b]) {
      const data = await member.client.get<{ messages: Array<{ kind: string; photo_flagged: boolean | null }> }>("/api/my-data.php");
      expect(data.body.messages.map((m) => m.photo_flagged)).toEqual([true, false, true]);
    }
    // The file itself is the photo as sent: the recipient's client blurs it until they choose to view it.
    expect((await b.client.get(first.photo?.url ?? "")).status).toBe(200);
  });
});

describe("a profile photo", () => {
  const upload = async (client: TestClient, photo: Buffer) => {
    const res = await client.upload<{ photo: OwnPhoto }>("/api/photos.php", "photo", photo);
    expect(res.status).toBe(200);
    return res.body.photo;
  };

  it("that the model flags waits for a moderator even on a post-moderated site, who is told why, and is shown to nobody until then", async () => {
    const owner = await t.loggedIn({ profile: { gender: "female" } });
    const viewer = await t.loggedIn({ profile: { gender: "male" } });
    const ordinary = await upload(owner.client, await harmless());
    const flagged = await upload(owner.client, await explicit());
    expect([ordinary.status, flagged.status]).toEqual(["approved", "pending"]);
    expect((await viewer.client.get(ordinary.filename)).status).toBe(200);
    expect((await viewer.client.get(flagged.filename)).status).toBe(404);

    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<PhotoQueue>("/api/console/photos");
    expect(queue.body.photos.find((p) => p.id === flagged.id)).toMatchObject({ status: "pending", mode: "post", model_flagged: true });
    // Shown at once on this site, and in the queue for a look afterwards, not flagged.
    expect(queue.body.photos.find((p) => p.id === ordinary.id)).toMatchObject({ status: "approved", model_flagged: false });
    expect((await moderator.client.post(`/api/console/photos/${flagged.id}/approve`, {})).status).toBe(200);
    expect((await viewer.client.get(flagged.filename)).status).toBe(200);
    // The owner's data export says what the automatic check decided about each photo.
    const mine = await owner.client.get<{ photos: Array<{ id: string; model_flagged: boolean }> }>("/api/my-data.php");
    expect(mine.body.photos.map((p) => [p.id, p.model_flagged])).toEqual([
      [ordinary.id, false],
      [flagged.id, true],
    ]);
  });
});

describe("a photo the model cannot score (its worker gone)", () => {
  it("is sent and kept all the same, and counts as flagged: blurred for the recipient, held for a moderator", async () => {
    const broken = await startTestApp({
      testDb: t.testDb,
      withSite: false,
      photoClassifier: { classify: () => Promise.reject(new Error("model worker exited")) },
    });
    try {
      const a = await broken.loggedIn({ credits: 100 });
      const b = await broken.loggedIn();
      expect((await sendPhoto(a.client, b.id, await harmless())).photo?.flagged).toBe(true);
      const seen = await b.client.get<ConversationResponse>(`/api/chat.php?member=${a.id}`);
      expect(seen.body.messages.map((m) => m.photo?.flagged)).toEqual([true]);
      const res = await a.client.upload<{ photo: OwnPhoto }>("/api/photos.php", "photo", await harmless());
      expect(res.status).toBe(200);
      expect(res.body.photo.status).toBe("pending");
    } finally {
      await broken.close();
    }
  });
});
