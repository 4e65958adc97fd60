import { describe, expect, it } from "vitest";
import type { SearchResponse } from "../../src/common/schemas/members";
import { makeJpeg } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Spec §2/§4: the member's own switches in the profile settings, seen from another member's side:
// invisible mode on and off, and the choice of the main image.

interface Photo {
  id: string;
  filename: string;
  is_main: boolean;
}
interface ProfileBody {
  profile: { id: number; main_image: Photo | null };
  photos: Photo[];
  invisible: boolean;
}

let t: TestApp;
appForFile((app) => (t = app));

const woman = { profile: { gender: "female", country: "NL", region: "UT" } } as const;

async function found(viewer: { client: TestClient }, id: number) {
  const search = (await viewer.client.get<SearchResponse>("/api/members.php?gender=female&country=NL")).body.profiles;
  const profile = await viewer.client.get<{ profile: { main_image: Photo | null } }>(`/api/member.php?id=${id}`);
  return { inSearch: search.some((p) => p.id === id), profileStatus: profile.status, card: search.find((p) => p.id === id), profile: profile.body };
}

describe("invisible mode", () => {
  it("hides the member from others' search and profile view while on, and brings them back when off", async () => {
    const viewer = await t.loggedIn();
    const member = await t.loggedIn(woman);
    expect(await found(viewer, member.id)).toMatchObject({ inSearch: true, profileStatus: 200 });

    expect((await member.client.put<ProfileBody>("/api/profile.php", { invisible: true })).status).toBe(200);
    expect((await member.client.get<ProfileBody>("/api/profile.php")).body.invisible).toBe(true);
    expect(await found(viewer, member.id)).toMatchObject({ inSearch: false, profileStatus: 404 });

    expect((await member.client.put<ProfileBody>("/api/profile.php", { invisible: false })).status).toBe(200);
    expect(await found(viewer, member.id)).toMatchObject({ inSearch: true, profileStatus: 200 });
  });
});

describe("the main image", () => {
  it("is the photo the member chooses, on their own profile, on their card and on their profile as others see it", async () => {
    const viewer = await t.loggedIn();
    const member = await t.loggedIn(woman);
    const first = (await member.client.upload<{ photo: Photo }>("/api/photos.php", "photo", await makeJpeg({ color: "#c33" }))).body.photo;
    const second = (await member.client.upload<{ photo: Photo }>("/api/photos.php", "photo", await makeJpeg({ color: "#33c" }))).body.photo;
    expect((await member.client.get<ProfileBody>("/api/profile.php")).body.profile.main_image?.id).toBe(first.id);

    const chosen = await member.client.put<ProfileBody>("/api/profile.php", { main_image_id: second.id });
    expect(chosen.status).toBe(200);
    expect((await member.client.get<ProfileBody>("/api/profile.php")).body.profile.main_image?.id).toBe(second.id);

    const seen = await found(viewer, member.id);
    expect(seen.card?.main_image?.filename).toBe(second.filename);
    expect(seen.profile.profile.main_image?.filename).toBe(second.filename);
  });

  it("cannot be another member's photo", async () => {
    const member = await t.loggedIn(woman);
    const other = await t.loggedIn(woman);
    const theirs = (await other.client.upload<{ photo: Photo }>("/api/photos.php", "photo", await makeJpeg())).body.photo;
    const res = await member.client.put("/api/profile.php", { main_image_id: theirs.id });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await other.client.get<ProfileBody>("/api/profile.php")).body.profile.main_image?.id).toBe(theirs.id);
  });
});
