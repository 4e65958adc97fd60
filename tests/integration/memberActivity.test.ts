import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LikesResponse, MemberView, OwnProfileResponse, SearchResponse } from "../../src/common/schemas/members";
import { connect } from "../support/liveSocket";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// "Online now" and "last active" on cards and profiles (issue 18): coarse, and hidden for invisible
// members and for members who turned it off.

let t: TestApp;
appForFile((app) => (t = app));

const activityIn = async (client: TestClient, id: number) => {
  const card = (await client.get<SearchResponse>("/api/members.php")).body.profiles.find((p) => p.id === id);
  const view = await client.get<MemberView>(`/api/member.php?id=${id}`);
  return { card: card?.activity, view: view.body.activity };
};

const setLastActive = (id: number, ago: string) =>
  t.testDb.database.db.execute(sql`UPDATE profiles SET last_active_at = now() - ${ago}::interval WHERE id = ${id}`);

describe("online now and last active", () => {
  it("shows a member who just logged in as online now, on their card and their profile", async () => {
    const anna = await t.loggedIn({ name: "Anna" });
    const viewer = await t.loggedIn();
    expect(await activityIn(viewer.client, anna.id)).toEqual({ card: "online", view: "online" });
  });

  it("tells only roughly how long ago: today, this week, then nothing", async () => {
    const ben = await t.loggedIn({ name: "Ben" });
    const viewer = await t.loggedIn();
    await setLastActive(ben.id, "3 hours");
    expect(await activityIn(viewer.client, ben.id)).toEqual({ card: "today", view: "today" });
    await setLastActive(ben.id, "3 days");
    expect(await activityIn(viewer.client, ben.id)).toEqual({ card: "week", view: "week" });
    await setLastActive(ben.id, "10 days");
    expect(await activityIn(viewer.client, ben.id)).toEqual({ card: null, view: null });
    // The answer names no time at all.
    const raw = JSON.stringify((await viewer.client.get<MemberView>(`/api/member.php?id=${ben.id}`)).body);
    expect(raw).not.toMatch(/last_active|last_seen/);
  });

  it("is hidden for a member who turned it off in their settings, and shown again when they turn it on", async () => {
    const cleo = await t.loggedIn({ name: "Cleo" });
    const viewer = await t.loggedIn();
    const off = await cleo.client.put<OwnProfileResponse>("/api/profile.php", { show_activity: false });
    expect(off.status).toBe(200);
    expect(off.body.show_activity).toBe(false);
    expect(await activityIn(viewer.client, cleo.id)).toEqual({ card: null, view: null });
    await cleo.client.put("/api/profile.php", { show_activity: true });
    expect(await activityIn(viewer.client, cleo.id)).toEqual({ card: "online", view: "online" });
  });

  it("is never shown for an invisible member, even to a member they liked", async () => {
    const dina = await t.loggedIn({ name: "Dina" });
    const viewer = await t.loggedIn();
    await dina.client.put("/api/profile.php", { invisible: true });
    await dina.client.post("/api/like.php", { id: viewer.id });
    const view = await viewer.client.get<MemberView>(`/api/member.php?id=${dina.id}`);
    expect(view.status).toBe(200);
    expect(view.body.activity).toBeNull();
    const likes = await viewer.client.get<LikesResponse>("/api/likes.php");
    expect(likes.body.profiles.find((p) => p.id === dina.id)?.activity).toBeNull();
  });

  it("counts an open page with its live socket as being here", async () => {
    const emil = await t.loggedIn({ name: "Emil" });
    const viewer = await t.loggedIn();
    await setLastActive(emil.id, "2 hours");
    expect((await activityIn(viewer.client, emil.id)).view).toBe("today");
    const page = await connect(t, emil.client);
    try {
      let seen: string | null | undefined;
      for (let i = 0; i < 50 && seen !== "online"; i++) {
        seen = (await viewer.client.get<MemberView>(`/api/member.php?id=${emil.id}`)).body.activity;
        if (seen !== "online") await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe("online");
    } finally {
      page.socket.close();
    }
  });

  it("is in the own profile's settings, on by default", async () => {
    const me = await t.loggedIn();
    expect((await me.client.get<OwnProfileResponse>("/api/profile.php")).body.show_activity).toBe(true);
    expect((await me.client.put<{ error: { code: string } }>("/api/profile.php", { show_activity: "yes" })).status).toBe(400);
  });
});
