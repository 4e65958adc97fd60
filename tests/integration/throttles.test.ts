import { describe, expect, it, vi } from "vitest";
import {
  ACTIVATION_MAILS_PER_DAY,
  ACTIVATION_MAILS_PER_IP_PER_HOUR,
  COMPLAINTS_PER_ACCOUNT_PER_DAY,
  LOGIN_LINKS_PER_IP_PER_HOUR,
  LOGIN_LOCKOUT_MINUTES,
  LOGIN_MAX_FAILURES,
  PASSWORD_FAILURES_PER_IP_PER_HOUR,
  RESET_MAILS_PER_DAY,
  RESET_REQUESTS_PER_IP_PER_HOUR,
  SIGNUPS_PER_EMAIL_PER_HOUR,
  SIGNUPS_PER_IP_PER_HOUR,
} from "../../src/common/constants";
import { createMember } from "../support/factories";
import { appForFile, type TestApp, type TestResponse } from "../support/testApp";

// Limits on the calls that check a password or send mail: counted before the work they guard, per
// client address and per account, answered 429 in the member's language with a Retry-After header.

// The real password check, counted: how many guesses reached the hash.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/server/features/auth/passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/server/features/auth/passwords")>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      checks.count += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const db = () => t.testDb.database.db;
/** A client address of its own for each test (TRUST_PROXY is on in tests). */
let lastIp = 0;
const newIp = () => {
  lastIp += 1;
  return `198.51.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};
const from = (ip: string) => ({ "x-forwarded-for": ip });
const statuses = (answers: TestResponse[]) => answers.map((a) => a.status);
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

function expectLimited(res: TestResponse<ErrorBody>, code: string, message: string, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ code, message });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const RATE_LIMITED = "Too many attempts. Please wait a while and try again.";
const LOCKED = `Too many incorrect attempts, account blocked for ${LOGIN_LOCKOUT_MINUTES} min.`;

describe("the login lockout", () => {
  it("checks only five of 60 parallel wrong guesses from 60 addresses against the hash, and then refuses the right password", async () => {
    const { email, password } = await createMember(db(), t.site.id);
    checks.count = 0;
    const answers = await times(60, (i) => t.client().post<ErrorBody>("/api/user.php", { email, password: `guess number ${i}` }, from(newIp())));
    const checked = checks.count;
    console.log(`lockout race: ${checked} of 60 parallel guesses checked against the hash`);
    expect(checked).toBe(LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - LOGIN_MAX_FAILURES + 1);

    const right = await t.client().post<ErrorBody>("/api/user.php", { email, password }, from(newIp()));
    expectLimited(right, "too_many_attempts", LOCKED, LOGIN_LOCKOUT_MINUTES * 60);
    expect(checks.count).toBe(checked);
  });

  it("counts wrong current passwords in the settings with the login's: five in all lock the account", async () => {
    const m = await t.loggedIn();
    const ip = from(newIp());
    const wrongChange = { old_password: "not my password", password: "a brand new secret", password_confirm: "a brand new secret", end_other_sessions: false };
    expect((await m.client.post<ErrorBody>("/api/password.php", wrongChange, ip)).body.error.code).toBe("wrong_password");
    expect((await m.client.post<ErrorBody>("/api/password.php", wrongChange, ip)).body.error.code).toBe("wrong_password");
    expect((await m.client.post<ErrorBody>("/api/mail-change.php", { email: "elsewhere@example.com", password: "not my password" }, ip)).status).toBe(400);
    expect((await m.client.post<ErrorBody>("/api/account-delete.php", { reason: "other", password: "not my password" }, ip)).body.error.code).toBe(
      "password_incorrect",
    );
    expectLimited(await t.client().post<ErrorBody>("/api/user.php", { email: m.email, password: "not my password" }, ip), "too_many_attempts", LOCKED, 900);

    // Locked: the right current password is refused everywhere, and nothing changed.
    const rightChange = { ...wrongChange, old_password: "correct horse" };
    expectLimited(await m.client.post<ErrorBody>("/api/password.php", rightChange, ip), "too_many_attempts", LOCKED, 900);
    expectLimited(
      await m.client.post<ErrorBody>("/api/mail-change.php", { email: "elsewhere@example.com", password: "correct horse" }, ip),
      "too_many_attempts",
      LOCKED,
      900,
    );
    expectLimited(
      await m.client.post<ErrorBody>("/api/account-delete.php", { reason: "other", password: "correct horse" }, ip),
      "too_many_attempts",
      LOCKED,
      900,
    );
    expect((await m.client.get<{ user: { email: string } }>("/api/user.php")).body.user.email).toBe(m.email);
  });

  it("says so in the member's language", async () => {
    const { email } = await createMember(db(), t.site.id);
    const ip = from(newIp());
    const de = await import("../../src/web/i18n/locales/de.json");
    let last: TestResponse<ErrorBody> | undefined;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) last = await t.client({}, "de").post<ErrorBody>("/api/user.php", { email, password: "falsches passwort" }, ip);
    expect(last?.body.error.message).toBe(de.errors.too_many_attempts.replace("{{minutes}}", String(LOGIN_LOCKOUT_MINUTES)));
  });
});

describe("wrong passwords from one client address", () => {
  it(`are refused after ${PASSWORD_FAILURES_PER_IP_PER_HOUR} an hour whatever the accounts, while right passwords do not count`, async () => {
    const member = await t.loggedIn();
    const ip = from(newIp());
    for (let i = 0; i < 3; i++) expect((await t.client().post("/api/user.php", { email: member.email, password: "correct horse" }, ip)).status).toBe(200);
    const guesses = await times(PASSWORD_FAILURES_PER_IP_PER_HOUR, (i) =>
      t.client().post("/api/user.php", { email: `stuffed-${i}@example.com`, password: "password from a leak" }, ip),
    );
    expect(statuses(guesses).every((s) => s === 401)).toBe(true);

    expectLimited(
      await t.client().post<ErrorBody>("/api/user.php", { email: member.email, password: "correct horse" }, ip),
      "rate_limited",
      RATE_LIMITED,
      3600,
    );
    // The current password in the settings is a password check too.
    const change = { old_password: "correct horse", password: "a brand new secret", password_confirm: "a brand new secret", end_other_sessions: false };
    expectLimited(await member.client.post<ErrorBody>("/api/password.php", change, ip), "rate_limited", RATE_LIMITED, 3600);
    // The member, from anywhere else, is not locked out.
    expect((await t.client().post("/api/user.php", { email: member.email, password: "correct horse" }, from(newIp()))).status).toBe(200);
  });
});

describe("login links", () => {
  it(`are tried ${LOGIN_LINKS_PER_IP_PER_HOUR} times an hour from one client address`, async () => {
    const ip = from(newIp());
    const answers = await times(LOGIN_LINKS_PER_IP_PER_HOUR, (i) =>
      t.client().post("/api/login-link.php", { token: `not-a-login-link-${i}-xxxxxxxxxxxx` }, ip),
    );
    expect(statuses(answers).every((s) => s === 400)).toBe(true);
    expectLimited(
      await t.client().post<ErrorBody>("/api/login-link.php", { token: "not-a-login-link-last-xxxxxxxxxx" }, ip),
      "rate_limited",
      RATE_LIMITED,
      3600,
    );
  });
});

describe("signup", () => {
  const signup = (email: string) => ({ email, name: "Lena", password: "lena-secret-9", date_of_birth: "1994-02-03" });

  it(`takes ${SIGNUPS_PER_IP_PER_HOUR} accounts an hour from one client address`, async () => {
    const ip = from(newIp());
    const answers = await times(SIGNUPS_PER_IP_PER_HOUR, (i) => t.client().post("/api/signup.php", signup(`bulk-${i}@example.com`), ip));
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    expectLimited(await t.client().post<ErrorBody>("/api/signup.php", signup("one-more@example.com"), ip), "rate_limited", RATE_LIMITED, 3600);
    expect((await t.client().post("/api/signup.php", signup("one-more@example.com"), from(newIp()))).status).toBe(200);
  });

  it(`is tried at most ${SIGNUPS_PER_EMAIL_PER_HOUR} times an hour with one e-mail address`, async () => {
    const { email } = await createMember(db(), t.site.id);
    const answers = [];
    for (let i = 0; i < SIGNUPS_PER_EMAIL_PER_HOUR; i++) answers.push(await t.client().post<ErrorBody>("/api/signup.php", signup(email), from(newIp())));
    expect(answers.map((a) => a.body.error.code)).toEqual(Array(SIGNUPS_PER_EMAIL_PER_HOUR).fill("email_taken"));
    expectLimited(await t.client().post<ErrorBody>("/api/signup.php", signup(email), from(newIp())), "rate_limited", RATE_LIMITED, 3600);
  });
});

describe("password reset", () => {
  it(`counts ${RESET_MAILS_PER_DAY} a day for an unknown address just as for a member's`, async () => {
    const { email } = await createMember(db(), t.site.id);
    for (const address of [email, "nobody-here@example.com"]) {
      const answers = [];
      for (let i = 0; i <= RESET_MAILS_PER_DAY; i++)
        answers.push(await t.client().post<ErrorBody>("/api/reset-password.php", { email: address }, from(newIp())));
      expect(statuses(answers)).toEqual([...Array(RESET_MAILS_PER_DAY).fill(200), 429]);
      expectLimited(answers[RESET_MAILS_PER_DAY], "reset_limit", "Too many password reset emails sent, please try again tomorrow.", 86_400);
    }
  });

  it(`takes ${RESET_REQUESTS_PER_IP_PER_HOUR} requests an hour from one client address`, async () => {
    const ip = from(newIp());
    const answers = await times(RESET_REQUESTS_PER_IP_PER_HOUR, (i) => t.client().post("/api/reset-password.php", { email: `probe-${i}@example.com` }, ip));
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    expectLimited(await t.client().post<ErrorBody>("/api/reset-password.php", { email: "probe-last@example.com" }, ip), "rate_limited", RATE_LIMITED, 3600);
  });
});

describe("the activation e-mail sent again", () => {
  it(`goes out ${ACTIVATION_MAILS_PER_DAY} times a day per member`, async () => {
    const m = await t.loggedIn({ status: "not_confirmed" });
    const answers = [];
    for (let i = 0; i <= ACTIVATION_MAILS_PER_DAY; i++) answers.push(await m.client.post<ErrorBody>("/api/activation-mail.php", {}, from(newIp())));
    expect(statuses(answers)).toEqual([...Array(ACTIVATION_MAILS_PER_DAY).fill(200), 429]);
    expectLimited(answers[ACTIVATION_MAILS_PER_DAY], "rate_limited", RATE_LIMITED, 86_400);
  });

  it(`goes out ${ACTIVATION_MAILS_PER_IP_PER_HOUR} times an hour from one client address, whatever the members`, async () => {
    const ip = from(newIp());
    const members = await times(Math.ceil(ACTIVATION_MAILS_PER_IP_PER_HOUR / ACTIVATION_MAILS_PER_DAY) + 1, () => t.loggedIn({ status: "not_confirmed" }));
    const answers = [];
    for (let i = 0; i < ACTIVATION_MAILS_PER_IP_PER_HOUR; i++) {
      answers.push(await members[Math.floor(i / ACTIVATION_MAILS_PER_DAY)].client.post("/api/activation-mail.php", {}, ip));
    }
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    const fresh = members[members.length - 1];
    expectLimited(await fresh.client.post<ErrorBody>("/api/activation-mail.php", {}, ip), "rate_limited", RATE_LIMITED, 3600);
  });
});

describe("complaints", () => {
  const complaint = (email: string) => ({
    name: "Petra Jansen",
    email,
    category: "payment",
    message: "I paid for 50 credits yesterday but I only see 20 of them.",
  });

  it(`mail one address at most ${COMPLAINTS_PER_ACCOUNT_PER_DAY} confirmations a day`, async () => {
    const answers = [];
    for (let i = 0; i <= COMPLAINTS_PER_ACCOUNT_PER_DAY; i++)
      answers.push(await t.client().post<ErrorBody>("/api/complaints.php", complaint("victim@example.com"), from(newIp())));
    expect(statuses(answers)).toEqual([...Array(COMPLAINTS_PER_ACCOUNT_PER_DAY).fill(200), 429]);
    expectLimited(answers[COMPLAINTS_PER_ACCOUNT_PER_DAY], "rate_limited", RATE_LIMITED, 86_400);
  });

  it(`are taken ${COMPLAINTS_PER_ACCOUNT_PER_DAY} a day from one member`, async () => {
    const m = await t.loggedIn();
    const answers = [];
    for (let i = 0; i <= COMPLAINTS_PER_ACCOUNT_PER_DAY; i++)
      answers.push(await m.client.post<ErrorBody>("/api/complaints.php", complaint(`me-${i}@example.com`), from(newIp())));
    expect(statuses(answers)).toEqual([...Array(COMPLAINTS_PER_ACCOUNT_PER_DAY).fill(200), 429]);
  });
});
