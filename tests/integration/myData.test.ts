import { describe, expect, it } from "vitest";
import { appForFile, type TestApp } from "../support/testApp";

// "My data": a member downloads everything the site holds about them, at once.

let t: TestApp;
appForFile((app) => (t = app));

interface Export {
  account: { email: string; credits: number };
  profile: { name: string; latitude: number | null; longitude: number | null; show_activity: boolean; last_active_at: string | null };
  likes: { given: Array<{ member_id: number }>; received: Array<{ member_id: number }> };
  conversations: Array<{ partner_id: number; partner_name: string }>;
  messages: Array<{ sent_by_me: boolean; body: string }>;
  credit_ledger: Array<{ delta: number; reason: string }>;
  sessions: Array<{ user_agent: string | null }>;
}

describe("my data", () => {
  it("holds the member's profile, likes, messages both ways, ledger and sessions, and nobody else's", async () => {
    const me = await t.loggedIn({ name: "Mara", credits: 50 });
    const partner = await t.loggedIn({ name: "Paul", credits: 50 });
    const stranger = await t.loggedIn({ name: "Stan", credits: 50 });
    await me.client.post("/api/like.php", { id: partner.id });
    await me.client.post("/api/chat.php", { to: partner.id, text: "Hello Paul" });
    await partner.client.post("/api/chat.php", { to: me.id, text: "Hi Mara" });
    await stranger.client.post("/api/chat.php", { to: partner.id, text: "Secret of Stan" });

    const res = await me.client.get<Export>("/api/my-data.php");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-.+\.json"$/);
    const data = res.body;
    expect(data.account.email).toBe(me.email);
    expect(data.profile.name).toBe("Mara");
    // The place that distances are worked out from, and the last activity behind "online now".
    expect(data.profile).toMatchObject({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      show_activity: true,
      last_active_at: expect.any(String),
    });
    expect(data.likes.given.map((l) => l.member_id)).toEqual([partner.id]);
    expect(data.conversations).toEqual([expect.objectContaining({ partner_id: partner.id, partner_name: "Paul" })]);
    expect(data.messages.map((m) => [m.sent_by_me, m.body])).toEqual([
      [true, "Hello Paul"],
      [false, "Hi Mara"],
    ]);
    expect(data.credit_ledger.map((l) => l.reason)).toEqual(["bonus", "message"]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(res.text).not.toContain("Secret of Stan");
    expect(res.text).not.toContain("password");
  });

  it("is for logged-in members only", async () => {
    expect((await t.client().get("/api/my-data.php")).status).toBe(403);
  });
});
