import { describe, expect, it } from "vitest";
import type { SessionsResponse } from "../../src/common/schemas/auth";
import type { UserResponse } from "../../src/common/schemas/user";
import { appForFile, type TestApp } from "../support/testApp";

// Where a member is logged in, logging out other devices, and changing the password.

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function secondDevice(email: string, password: string) {
  const client = t.client({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148" });
  await client.post("/api/user.php", { email, password });
  return client;
}

describe("sessions", () => {
  it("lists the member's devices, this one marked, and logs out the others at once", async () => {
    const m = await t.loggedIn({ password: "first-secret-1" });
    const phone = await secondDevice(m.email, "first-secret-1");
    const list = (await m.client.get<SessionsResponse>("/api/sessions.php")).body.sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => !s.current)?.user_agent).toContain("iPhone");
    expect(list[0].ip).toMatch(/\.x$/);

    expect((await m.client.del("/api/sessions.php?others=1")).status).toBe(200);
    expect((await phone.get<UserResponse>("/api/user.php")).body.user).toBeNull();
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user?.id).toBe(m.id);
  });

  it("ends only the member's own sessions", async () => {
    const a = await t.loggedIn();
    const b = await t.loggedIn();
    const bSession = (await b.client.get<SessionsResponse>("/api/sessions.php")).body.sessions[0].id;
    expect((await a.client.del(`/api/sessions.php?id=${bSession}`)).status).toBe(404);
    expect((await b.client.get<UserResponse>("/api/user.php")).body.user?.id).toBe(b.id);
    expect((await a.client.del("/api/sessions.php")).status).toBe(400);
    expect((await t.client().get("/api/sessions.php")).status).toBe(403);
  });
});

describe("changing the password", () => {
  it("asks for the old one, and logs out the other devices when asked to", async () => {
    const m = await t.loggedIn({ password: "old-secret-1" });
    const phone = await secondDevice(m.email, "old-secret-1");
    const wrong = await m.client.post<ErrorBody>("/api/password.php", {
      old_password: "nope",
      password: "new-secret-2",
      password_confirm: "new-secret-2",
      end_other_sessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.old_password).toBe("Please check your old password.");
    const differ = await m.client.post<ErrorBody>("/api/password.php", {
      old_password: "old-secret-1",
      password: "new-secret-2",
      password_confirm: "other",
      end_other_sessions: true,
    });
    expect(differ.body.error.fields?.password_confirm).toBe("The entered passwords are not the same.");

    expect(
      (
        await m.client.post("/api/password.php", {
          old_password: "old-secret-1",
          password: "new-secret-2",
          password_confirm: "new-secret-2",
          end_other_sessions: true,
        })
      ).status,
    ).toBe(200);
    expect((await phone.get<UserResponse>("/api/user.php")).body.user).toBeNull();
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user?.id).toBe(m.id);
    expect((await t.client().post("/api/user.php", { email: m.email, password: "old-secret-1" })).status).toBe(401);
    expect((await t.client().post("/api/user.php", { email: m.email, password: "new-secret-2" })).status).toBe(200);
  });
});
