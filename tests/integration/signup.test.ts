import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { createMember } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

interface UserBody {
  user: null | { id: number; credits: number; signup_step: number | null; profile: { gender: string | null; country: string | null } };
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

async function waitForMail(client: TestClient, to: string): Promise<Array<{ text: string }>> {
  for (let i = 0; i < 100; i++) {
    const res = await client.get<{ mails: Array<{ text: string }> }>(`/dev/mail.json?to=${encodeURIComponent(to)}`);
    if (res.body.mails.length > 0) return res.body.mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${to}`);
}

let counter = 0;
async function signUp(extra: Record<string, unknown> = {}): Promise<{ client: TestClient; id: number; body: UserBody }> {
  counter += 1;
  const client = t.client();
  const res = await client.post<UserBody>("/api/signup.php", {
    email: `steps${counter}@example.com`,
    name: `Stepper ${counter}`,
    password: "secret-pass",
    date_of_birth: "1992-02-02",
    ...extra,
  });
  expect(res.status).toBe(200);
  return { client, id: res.body.user?.id as number, body: res.body };
}

const step = (client: TestClient, n: unknown) => client.post<UserBody & ErrorBody>("/api/signup-step.php", { step: n });

describe("the signup in steps", () => {
  it("starts at step 1 after the account and moves on step by step until it is complete", async () => {
    const { client, body } = await signUp();
    expect(body.user?.signup_step).toBe(1);

    expect((await step(client, 1)).body.user?.signup_step).toBe(2);
    expect((await step(client, 2)).body.user?.signup_step).toBe(3);

    // Personal info and location cannot be skipped: search needs them.
    const noGender = await step(client, 3);
    expect(noGender.status).toBe(400);
    expect(noGender.body.error).toMatchObject({ code: "field_required", fields: { gender: "Please fill in this field." } });
    await client.put("/api/profile.php", { gender: "female", sexuality: "hetero" });
    expect((await step(client, 3)).body.user?.signup_step).toBe(4);

    const noCountry = await step(client, 4);
    expect(noCountry.body.error.fields).toEqual({ country: "Please fill in this field." });
    await client.put("/api/profile.php", { country: "NL" });
    const noRegion = await step(client, 4);
    expect(noRegion.body.error.fields).toEqual({ region: "Please fill in this field." });
    await client.put("/api/profile.php", { country: "NL", region: "NH", city: "Haarlem" });
    expect((await step(client, 4)).body.user?.signup_step).toBe(5);

    const done = await step(client, 5);
    expect(done.body.user?.signup_step).toBeNull();
    expect((await client.get<UserBody>("/api/user.php")).body.user?.signup_step).toBeNull();

    // Going over a step again (the member pressed back) changes nothing.
    expect((await step(client, 2)).body.user?.signup_step).toBeNull();
  });

  it("refuses a step not reached yet and answers in the member's language", async () => {
    const { client } = await signUp();
    const ahead = await step(client, 4);
    expect(ahead.status).toBe(409);
    expect(ahead.body.error.code).toBe("signup_step_order");
    const german = t.client({}, "de");
    const { email } = { email: `de-steps@example.com` };
    await german.post("/api/signup.php", { email, name: "Greta", password: "secret-pass", date_of_birth: "1990-01-01" });
    await step(german, 1);
    await step(german, 2);
    const missing = await step(german, 3);
    expect(missing.body.error.fields?.gender).toBe("Bitte fülle dieses Feld aus.");
  });

  it("moves on once when the same step is sent twice at once (a double click)", async () => {
    const { client } = await signUp();
    const answers = await Promise.all([step(client, 1), step(client, 1), step(client, 1)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await client.get<UserBody>("/api/user.php")).body.user?.signup_step).toBe(2);
  });

  it("refuses bad steps and visitors", async () => {
    const { client } = await signUp();
    for (const bad of [0, 6, 1.5, "1", null]) expect((await step(client, bad)).status).toBe(400);
    const visitor = await step(t.client(), 1);
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe("authentication_required");
  });

  it("leaves members who signed up before the steps existed (or were made otherwise) complete", async () => {
    const m = await t.loggedIn();
    expect((await m.client.get<UserBody>("/api/user.php")).body.user?.signup_step).toBeNull();
    expect((await step(m.client, 1)).body.user?.signup_step).toBeNull();
  });
});

describe("a first message written on a member's landing page", () => {
  it("reaches that member as the new member's first message, paid from the signup credits", async () => {
    const host = await t.loggedIn({ name: "Hostess" });
    const { id, body } = await signUp({ member_id: host.id, signup_message: "Hi Hostess, nice profile!" });
    const settings = t.site.settings;
    expect(body.user?.credits).toBe(settings.signup_credits - settings.message_credits);
    // The host sees it once the new member confirmed the address (until then their profile is hidden).
    const mails = await waitForMail(host.client, `steps${counter}@example.com`);
    const link = new URL(mails[0].text.match(/https?:\/\/\S+/)?.[0] as string);
    expect((await t.client().get(link.pathname + link.search)).status).toBe(302);
    const chats = await host.client.get<{ chats: Array<{ profile: number; num_unread_messages: number; last_message: { body: string } | null }> }>(
      "/api/chats.php",
    );
    const chat = chats.body.chats.find((c) => c.profile === id);
    expect(chat).toMatchObject({ num_unread_messages: 1, last_message: { body: "Hi Hostess, nice profile!" } });
  });

  it("keeps the account and the text when the message cannot be sent", async () => {
    const { id, body } = await signUp({ member_id: 2_000_000, signup_message: "Anyone there?" });
    expect(body.user?.signup_step).toBe(1);
    expect(body.user?.credits).toBe(t.site.settings.signup_credits);
    const [row] = await t.testDb.database.db.select({ message: users.signupMessage }).from(users).where(eq(users.id, id));
    expect(row.message).toBe("Anyone there?");
  });

  it("does not write to a member who cannot be seen (not confirmed)", async () => {
    const hidden = await createMember(t.testDb.database.db, t.site.id, { status: "not_confirmed" });
    const { body } = await signUp({ member_id: hidden.user.id, signup_message: "Hello" });
    expect(body.user?.credits).toBe(t.site.settings.signup_credits);
  });
});
