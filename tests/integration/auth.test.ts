import { describe, expect, it } from "vitest";
import { createMember, markDeletionRequested } from "../support/factories";
import { appForFile, startTestApp, type TestApp, type TestClient } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

interface UserBody {
  user: null | { id: number; email: string; status: string; language: string; profile: { name: string; status: string } };
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}
interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function waitForMail(client: TestClient, to: string, count = 1): Promise<Mail[]> {
  for (let i = 0; i < 100; i++) {
    const res = await client.get<{ mails: Mail[] }>(`/dev/mail.json?to=${encodeURIComponent(to)}`);
    if (res.body.mails.length >= count) return res.body.mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${to}`);
}

const linkIn = (mail: Mail) => {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error("no link in mail");
  return new URL(match[0]);
};

const signupBody = (email: string) => ({ email, name: "Anna", password: "secret-pass", date_of_birth: "1995-06-01" });

describe("signup and activation", () => {
  it("creates a not_confirmed account with a disabled profile, logs in and mails an activation link that confirms it", async () => {
    const c = t.client();
    const res = await c.post<UserBody>("/api/signup.php", { ...signupBody("Anna@Example.com"), signup_message: "Hello!" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: "anna@example.com", status: "not_confirmed", profile: { name: "Anna", status: "disabled" } });
    expect((await c.get<UserBody>("/api/user.php")).body.user?.email).toBe("anna@example.com");

    const [mail] = await waitForMail(c, "anna@example.com");
    expect(mail.subject).toContain("Confirm your e-mail address");
    const link = linkIn(mail);
    expect(link.pathname).toBe("/api/activate.php");

    const activated = await c.get(link.pathname + link.search);
    expect(activated.status).toBe(302);
    expect(activated.headers.get("location")).toBe("/activate/done");
    expect((await c.get<UserBody>("/api/user.php")).body.user).toMatchObject({ status: "confirmed", profile: { status: "enabled" } });

    const again = await c.get(link.pathname + link.search);
    expect(again.headers.get("location")).toBe("/activate/error");
  });

  it("sends a bad activation token to the error page", async () => {
    const res = await t.client().get("/api/activate.php?token=not-a-valid-token-at-all-123");
    expect(res.headers.get("location")).toBe("/activate/error");
  });

  it("refuses an address that already has an account, and points an account pending deletion to reactivation", async () => {
    const { email, user } = await createMember(t.testDb.database.db, t.site.id);
    const taken = await t.client().post<ErrorBody>("/api/signup.php", signupBody(email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "email_taken", message: "This email address already owns an account on this website." });

    await markDeletionRequested(t.testDb.database.db, user.id);
    const pending = await t.client().post<ErrorBody>("/api/signup.php", signupBody(email));
    expect(pending.body.error.code).toBe("account_pending_deletion");
    expect(pending.body.error.message).toMatch(/reactivation e-mail/);
  });

  it("lets only one of two simultaneous signups with one address through", async () => {
    const results = await Promise.all([0, 1, 2].map(() => t.client().post("/api/signup.php", signupBody("race@example.com"))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it("checks every field with the spec's messages", async () => {
    const c = t.client();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...signupBody("x@example.com"), email: "not-an-email" }, "email", "Invalid email"],
      [{ ...signupBody("x@example.com"), name: "@anna" }, "name", "Your name may not start with @."],
      [{ ...signupBody("x@example.com"), name: "x@example.com" }, "name", "Your name may not be your e-mail address."],
      [{ ...signupBody("x@example.com"), date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }, "date_of_birth", "Enter your date of birth (18+)"],
      [{ ...signupBody("x@example.com"), date_of_birth: "2001-02-30" }, "date_of_birth", "Enter your date of birth (18+)"],
      [{ ...signupBody("x@example.com"), password: "short" }, "password", "Your password must be 8 to 128 characters long."],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post<ErrorBody>("/api/signup.php", body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.fields?.[field]).toBe(message);
    }
  });

  it("answers in the visitor's language", async () => {
    const c = t.client({}, "de");
    const res = await c.post<ErrorBody>("/api/signup.php", { ...signupBody("y@example.com"), email: "nope" });
    expect(res.body.error.fields?.email).toBeTruthy();
    const de = await import("../../src/web/i18n/locales/de.json");
    expect(res.body.error.fields?.email).toBe(de.errors.invalid_email);
  });

  it("refuses signups without a traffic source when the site takes only those", async () => {
    const only = await startTestApp({ settings: { signups: "with_trafficsource" } });
    try {
      const refused = await only.client().post<ErrorBody>("/api/signup.php", signupBody("ts@example.com"));
      expect(refused.body.error.code).toBe("signups_closed");
      const ok = await only.client().post<UserBody>("/api/signup.php", { ...signupBody("ts@example.com"), tracking: { network: "net1", sub1: "a" } });
      expect(ok.status).toBe(200);
      // Whether the form shows depends on the visit's source, which the browser keeps: the app renders the page.
      const page = await only.client({ "x-forwarded-for": "8.8.8.8" }).get("/signup");
      expect(page.text).toMatch(/<div id="root"><\/div>/);
    } finally {
      await only.close();
    }
  });
});

describe("login and logout", () => {
  it("logs in with the right password, sets an HttpOnly 30-day cookie and logs out on the server", async () => {
    const { email, password } = await createMember(t.testDb.database.db, t.site.id);
    const c = t.client();
    const res = await c.post<UserBody>("/api/user.php", { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body.user?.email).toBe(email);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith("auth="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const token = c.cookies.get("auth");
    expect(token && token.length >= 43).toBe(true);

    await c.get("/api/logout.php");
    expect((await c.get<UserBody>("/api/user.php")).body.user).toBeNull();
    // The old token no longer works, even if someone kept it.
    const replay = t.client({ cookie: `auth=${token}` });
    expect((await replay.get<UserBody>("/api/user.php")).body.user).toBeNull();
  });

  it("says login failed for a wrong password and an unknown address alike", async () => {
    const { email } = await createMember(t.testDb.database.db, t.site.id);
    const wrong = await t.client().post<ErrorBody>("/api/user.php", { email, password: "wrong password" });
    const unknown = await t.client().post<ErrorBody>("/api/user.php", { email: "nobody@example.com", password: "wrong password" });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe("Login failed, please try again");
    }
  });

  it("blocks an address after five failures, even with the right password, and says for how long", async () => {
    const { email, password } = await createMember(t.testDb.database.db, t.site.id);
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.post("/api/user.php", { email, password: "bad password" })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const blocked = await t.client().post<ErrorBody>("/api/user.php", { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe("Too many incorrect attempts, account blocked for 15 min.");
  });

  it("renews the session token at every login", async () => {
    const { email, password } = await createMember(t.testDb.database.db, t.site.id);
    const c = t.client();
    await c.post("/api/user.php", { email, password });
    const first = c.cookies.get("auth");
    await c.post("/api/user.php", { email, password });
    expect(c.cookies.get("auth")).not.toBe(first);
  });

  it("answers 403 authentication_required on calls that need login, but user: null on user.php", async () => {
    const c = t.client();
    expect((await c.get<UserBody>("/api/user.php")).body).toEqual({ user: null });
    const res = await c.post<ErrorBody>("/api/mail-change.php", { email: "a@example.com", password: "x" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("authentication_required");
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password, ends the other sessions and logs in", async () => {
    const { email, password } = await createMember(t.testDb.database.db, t.site.id);
    const other = t.client();
    await other.post("/api/user.php", { email, password });

    const c = t.client();
    expect((await c.post("/api/reset-password.php", { email })).status).toBe(200);
    const [mail] = await waitForMail(c, email);
    const link = linkIn(mail);
    expect(link.pathname).toBe("/reset-password/do");
    const token = link.searchParams.get("token");

    const mismatch = await c.post<ErrorBody>("/api/reset-password-do.php", { token, password: "new-password-1", password_confirm: "new-password-2" });
    expect(mismatch.body.error.fields?.password_confirm).toBe("The entered passwords are not the same.");

    const done = await c.post<UserBody>("/api/reset-password-do.php", { token, password: "new-password-1", password_confirm: "new-password-1" });
    expect(done.status).toBe(200);
    expect(done.body.user?.email).toBe(email);
    expect((await other.get<UserBody>("/api/user.php")).body.user).toBeNull();
    expect((await t.client().post("/api/user.php", { email, password: "new-password-1" })).status).toBe(200);

    const reused = await c.post<ErrorBody>("/api/reset-password-do.php", { token, password: "new-password-3", password_confirm: "new-password-3" });
    expect(reused.body.error.message).toBe("Link expired or invalid, request a new email");
  });

  it("answers an unknown address exactly as a member's, and mails only the member", async () => {
    const { email } = await createMember(t.testDb.database.db, t.site.id);
    const known = await t.client().post("/api/reset-password.php", { email });
    const unknown = await t.client().post("/api/reset-password.php", { email: "unknown@example.com" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const headers = (res: typeof known) => [...res.headers.keys()].filter((h) => h !== "date").sort();
    expect(headers(unknown)).toEqual(headers(known));
    expect(await waitForMail(t.client(), email)).toHaveLength(1);
    await t.server.worker.drain();
    expect((await t.client().get<{ mails: Mail[] }>("/dev/mail.json?to=unknown%40example.com")).body.mails).toEqual([]);
  });

  it("sends at most three reset mails a day", async () => {
    const { email } = await createMember(t.testDb.database.db, t.site.id);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.client().post<ErrorBody>("/api/reset-password.php", { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await t.client().post<ErrorBody>("/api/reset-password.php", { email });
    expect(res.body.error.message).toBe("Too many password reset emails sent, please try again tomorrow.");
  });
});

describe("common passwords", () => {
  const COMMON = "This password is too common and easy to guess. Please choose another one.";

  it("refuses a password from the list of common ones at signup, whatever its case, on the password field", async () => {
    for (const password of ["iloveyou123", "Password1", "QWERTYUIOP"]) {
      const res = await t.client().post<ErrorBody>("/api/signup.php", { ...signupBody("common@example.com"), password });
      expect(res.status, password).toBe(400);
      expect(res.body.error).toMatchObject({ code: "password_common", fields: { password: COMMON } });
    }
    expect((await t.client().post("/api/signup.php", signupBody("common@example.com"))).status).toBe(200);
    const nl = await t.client({}, "nl").post<ErrorBody>("/api/signup.php", { ...signupBody("common-nl@example.com"), password: "password1" });
    const nlTexts = await import("../../src/web/i18n/locales/nl.json");
    expect(nl.body.error.fields?.password).toBe(nlTexts.errors.password_common);
  });

  it("refuses one as the new password of a reset link, and the link still works for a better one", async () => {
    const { email } = await createMember(t.testDb.database.db, t.site.id);
    const c = t.client();
    await c.post("/api/reset-password.php", { email });
    const token = linkIn((await waitForMail(c, email))[0]).searchParams.get("token");
    const common = await c.post<ErrorBody>("/api/reset-password-do.php", { token, password: "sunshine1", password_confirm: "sunshine1" });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({ code: "password_common", fields: { password: COMMON } });
    expect((await c.post("/api/reset-password-do.php", { token, password: "sunlit-harbour-7", password_confirm: "sunlit-harbour-7" })).status).toBe(200);
  });

  it("refuses one as the new password in the settings, and keeps the old password", async () => {
    const m = await t.loggedIn();
    const change = (password: string) => ({ old_password: "correct horse", password, password_confirm: password, end_other_sessions: false });
    const common = await m.client.post<ErrorBody>("/api/password.php", change("football"));
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({ code: "password_common", fields: { password: COMMON } });
    expect((await t.client().post("/api/user.php", { email: m.email, password: "football" })).status).toBe(401);
    expect((await m.client.post("/api/password.php", change("goal-keeper-2024!"))).status).toBe(200);
  });
});

describe("e-mail change", () => {
  it("needs the password, refuses a taken address, and changes the address when the link is followed", async () => {
    const db = t.testDb.database.db;
    const { email, password } = await createMember(db, t.site.id);
    const taken = await createMember(db, t.site.id);
    const c = t.client();
    await c.post("/api/user.php", { email, password });

    const wrong = await c.post<ErrorBody>("/api/mail-change.php", { email: "new@example.com", password: "nope nope" });
    expect(wrong.body.error.message).toBe("Please check your old password.");
    const dup = await c.post<ErrorBody>("/api/mail-change.php", { email: taken.email, password });
    expect(dup.body.error.code).toBe("email_taken");
    const invalid = await c.post<ErrorBody>("/api/mail-change.php", { email: "bad@", password });
    expect(invalid.body.error.fields?.email).toBe("Invalid email");

    expect((await c.post("/api/mail-change.php", { email: "new-address@example.com", password })).status).toBe(200);
    const [mail] = await waitForMail(c, "new-address@example.com");
    const link = linkIn(mail);
    expect(link.pathname).toBe("/mail-change/do");
    expect((await c.post("/api/mail-change-do.php", { token: link.searchParams.get("token") })).status).toBe(200);
    expect((await c.get<UserBody>("/api/user.php")).body.user?.email).toBe("new-address@example.com");
    const again = await c.post<ErrorBody>("/api/mail-change-do.php", { token: link.searchParams.get("token") });
    expect(again.body.error.code).toBe("link_invalid");
  });
});

describe("language", () => {
  it("keeps a visitor's choice in a 365-day cookie and saves a member's on the account", async () => {
    const visitor = t.client();
    const res = await visitor.put("/api/user.php", { language: "fr" });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("locale=fr"))).toMatch(/Max-Age=31536000/);

    const { email, password } = await createMember(t.testDb.database.db, t.site.id);
    const c = t.client();
    await c.post("/api/user.php", { email, password });
    await c.put("/api/user.php", { language: "pl" });
    expect((await c.get<UserBody>("/api/user.php")).body.user?.language).toBe("pl");
    const bad = await c.put<ErrorBody>("/api/user.php", { language: "xx" });
    expect(bad.status).toBe(400);
  });
});
