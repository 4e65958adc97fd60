import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_COOKIE, LOCALE_COOKIE, OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from "../../src/common/constants";
import { ERROR_CODES } from "../../src/common/errors";
import { insertSession } from "../../src/server/features/auth/auth.repo";
import { hashToken, newToken } from "../../src/server/features/auth/tokens";
import { addOperator } from "../../src/server/features/operators/operatorAccounts";
import { routeAuthOf } from "../../src/server/plugins/routeAuth";
import { insertOperatorSession } from "../../src/server/features/operators/operators.repo";
import de from "../../src/web/i18n/locales/de.json";
import en from "../../src/web/i18n/locales/en.json";
import { createMember } from "../support/factories";
import { type HostileCase, hostileCases, routesUnderTest } from "../support/hostileRequests";
import { startTestApp } from "../support/testApp";

// A test generated from the route table: every route, every field of its query, path and body,
// hostile values, as a visitor, as a member and as a member with credits (so that paying routes get
// past their first checks). Malformed input of any kind answers a 4xx with a clear message in the
// request's language (400, or 413 for a body over a limit), never a 5xx (ARCHITECTURE.md, API contract).

const MAIL_EVENTS_TOKEN = "fuzz-mail-events-token";
const t = await startTestApp({ env: { MAIL_EVENTS_TOKEN } });
afterAll(() => t.close());
const { db } = t.testDb.database;

const target = await createMember(db, t.site.id, { name: "Target Member" });
const routes = routesUnderTest(t.server.routes);
/**
 * Console routes check their operator before validation (the one route-auth hook, plugins/routeAuth.ts): a visitor or
 * a member gets 403 whatever the input (consoleAccess.test.ts proves it for every one), so their input
 * is walked with an admin's console sign-in instead.
 */
const operatorRoutes = new Set(
  t.server.routes.filter((r) => r.url.startsWith(`${OPERATOR_COOKIE_PATH}/`) && routeAuthOf(r.config) !== "visitor").map((r) => r.url),
);
/**
 * Member routes answer a visitor 403 authentication_required before they look at the input
 * (loginRequired.test.ts proves it for every one from the route table): a visitor walks the others.
 */
const memberRoutes = new Set(
  t.server.routes
    .filter((r) => routeAuthOf(r.config) === "member")
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => `${method} ${r.url} ${Object.keys(r.constraints ?? {}).length > 0}`)),
);
const { id: adminId } = await addOperator(db, "fuzz-admin@staff.example", "admin", "a long operator passphrase");

type Language = "en" | "de";
interface Speaker {
  language: Language;
  userId: number | null;
  cookie: string;
  /** An operator signed in to the console (with a complete sign-in), for the console's routes. */
  operatorId?: number;
}
interface Role {
  name: string;
  speakers: Speaker[];
  /** Every value for every field; otherwise the core values (see hostileCases). */
  thorough: boolean;
  /** Walks the console's operator routes only (the others walk every route but those). */
  console?: boolean;
  /** Signed in as no one: skips the member routes. */
  visitor?: boolean;
}

/** A session made straight in the database: a test that logs in hundreds of times would only meet the login limits. */
async function sessionCookie(userId: number, language: Language): Promise<string> {
  const token = newToken();
  await insertSession(db, { tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `${AUTH_COOKIE}=${token}; ${LOCALE_COOKIE}=${language}`;
}

/** A complete console sign-in made straight in the database, like sessionCookie. */
async function operatorCookie(operatorId: number, language: Language): Promise<string> {
  const token = newToken();
  await insertOperatorSession(db, { tokenHash: hashToken(token), operatorId, completedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) });
  return `${OPERATOR_COOKIE}=${token}; ${LOCALE_COOKIE}=${language}`;
}

async function operatorSpeaker(language: Language): Promise<Speaker> {
  return { language, userId: null, operatorId: adminId, cookie: await operatorCookie(adminId, language) };
}

async function speaker(language: Language, options?: Parameters<typeof createMember>[2]): Promise<Speaker> {
  if (!options) return { language, userId: null, cookie: `${LOCALE_COOKIE}=${language}` };
  const { user } = await createMember(db, t.site.id, { ...options, language });
  return { language, userId: user.id, cookie: await sessionCookie(user.id, language) };
}

// The member with credits gets past the most checks, so gets every value; the others the core ones.
const roles: Role[] = [
  { name: "a visitor", speakers: [await speaker("en"), await speaker("de")], thorough: false, visitor: true },
  { name: "a member", speakers: [await speaker("en", {}), await speaker("de", {})], thorough: false },
  {
    name: "a paying member with credits",
    speakers: [await speaker("en", { credits: 100_000, paidUser: true }), await speaker("de", { credits: 100_000, paidUser: true })],
    thorough: true,
  },
  { name: "an admin of the console", speakers: [await operatorSpeaker("en"), await operatorSpeaker("de")], thorough: true, console: true },
];

/** Error texts of a language as patterns (placeholders match any text). */
function errorTexts(locale: { errors: Record<string, string> }): RegExp[] {
  return Object.values(locale.errors).map((text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{\w+\\\}\\\}/g, ".+")}$`, "s"));
}
const TEXTS: Record<Language, RegExp[]> = { en: errorTexts(en), de: errorTexts(de) };

interface Answer {
  status: number;
  type: string;
  text: string;
}

let sent = 0;

/**
 * One request, from an address of its own (198.18.0.0/15, for tests) so that the per-address limits
 * of login, signup and complaints do not stop the walk at their first checks.
 */
async function send(c: HostileCase, cookie: string): Promise<Answer> {
  sent += 1;
  const address = `198.18.${(sent >> 8) & 255}.${sent & 255}`;
  const headers = { ...c.headers, cookie, authorization: `Bearer ${MAIL_EVENTS_TOKEN}`, "x-forwarded-for": address };
  const body = c.method === "GET" || c.method === "HEAD" ? undefined : c.body;
  try {
    const res = await fetch(t.baseUrl + c.path, { method: c.method, headers, body, redirect: "manual" });
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
  } catch (err) {
    return { status: 0, type: "", text: `no answer: ${(err as Error).cause ?? err}` };
  }
}

/** What is wrong with an answer, or null. */
function fault(c: HostileCase, language: Language, answer: Answer): string | null {
  if (answer.status === 0 || answer.status >= 500) return `answered ${answer.status}`;
  if (typeof c.expected === "number" && answer.status !== c.expected) return `answered ${answer.status}, not ${c.expected}`;
  if (c.expected === "4xx" && answer.status < 400) return `accepted input it must refuse (${answer.status})`;
  if (answer.status < 400) return null;
  if (/at .+\.(ts|js):\d+/.test(answer.text)) return "shows a stack trace";
  // A page address the router does not know (after "%2e%2e" is resolved, say) gets the site's 404 page.
  if (answer.status === 404 && c.method === "GET" && !c.path.startsWith("/api/") && answer.type.startsWith("text/html")) return null;
  let body: { error?: { code?: string; message?: string } };
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} without a JSON error`;
  }
  const code = body.error?.code;
  const message = body.error?.message ?? "";
  if (!code || !(ERROR_CODES as readonly string[]).includes(code)) return `unknown error code ${code}`;
  if (!TEXTS[language].some((text) => text.test(message))) return `message not in ${language}: ${message}`;
  return null;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(lanes);
}

/**
 * Puts a member back as the walk expects them before each route: some routes end the session they
 * are called with (logout), change the language, or block the member whose id the samples use.
 */
async function keepReady(s: Speaker): Promise<void> {
  if (s.operatorId !== undefined) {
    const res = await fetch(`${t.baseUrl}/api/console/session`, { headers: { cookie: s.cookie } });
    if (((await res.json()) as { step: string | null }).step !== "done") s.cookie = await operatorCookie(s.operatorId, s.language);
    return;
  }
  if (s.userId === null) return;
  const res = await fetch(`${t.baseUrl}/api/user.php`, { headers: { cookie: s.cookie } });
  const { user } = (await res.json()) as { user: unknown };
  if (!user) s.cookie = await sessionCookie(s.userId, s.language);
  const headers = { cookie: s.cookie, "content-type": "application/json" };
  await fetch(`${t.baseUrl}/api/user.php`, { method: "PUT", headers, body: JSON.stringify({ language: s.language }) });
  await fetch(`${t.baseUrl}/api/block.php?id=${target.user.id}`, { method: "DELETE", headers: { cookie: s.cookie } });
}

const serverErrors: string[] = [];
afterAll(() => {
  console.info(`bad input: ${serverErrors.length} answers of 5xx`);
});

describe("every route of the route table answers hostile input with a clear, localised 4xx, never a 5xx", () => {
  it("walks every path of the OpenAPI document, and the hidden routes besides", () => {
    const doc = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const walked = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{(\w+)\}/g, ":$1").replace(/\?.*$/, "");
        expect(walked, `${method} ${path}`).toContain(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(walked).toContain("GET /photos/:file");
    expect(walked).toContain("POST /api/gift.php");
  });

  for (const role of roles) {
    describe(`as ${role.name}`, () => {
      const walked = routes.filter((r) => operatorRoutes.has(r.url) === Boolean(role.console));
      for (const route of walked.filter((r) => !role.visitor || !memberRoutes.has(`${r.method} ${r.url} ${r.constrained}`))) {
        it(`${route.method} ${route.url}`, async () => {
          // The same cases for each language, but for the samples of language fields.
          const cases = Object.fromEntries(
            role.speakers.map((s) => [s.language, hostileCases(route, { memberId: target.user.id, language: s.language }, role.thorough)]),
          );
          for (const s of role.speakers) await keepReady(s);
          const faults: string[] = [];
          await inParallel(cases.en, 6, async (_, index) => {
            const s = role.speakers[index % role.speakers.length];
            const c = cases[s.language][index];
            const answer = await send(c, s.cookie);
            const wrong = fault(c, s.language, answer);
            if (answer.status >= 500 || answer.status === 0) serverErrors.push(`${role.name}: ${c.route} ${c.label}`);
            if (wrong) faults.push(`${c.label} (${s.language}): ${wrong} ${answer.text.slice(0, 160)}`);
          });
          expect(faults).toEqual([]);
        });
      }
    });
  }
});

describe("what the generated walk cannot express", () => {
  it("missing fields are named, each with its own message", async () => {
    const res = await t.client().post<{ error: { fields: Record<string, string> } }>("/api/signup.php", { email: "a@example.com" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["name", "password", "date_of_birth"]));
  });

  it("a page of the web client with a NUL byte in its query is still the page: its query is the client's business", async () => {
    const page = await t.client().get("/members?q=%00");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("a huge cookie or a garbage session token is just a visitor", async () => {
    const huge = await t.client({ cookie: `auth=${"x".repeat(4000)}` }).get<{ user: null }>("/api/user.php");
    expect(huge.status).toBe(200);
    expect(huge.body.user).toBeNull();
    const garbage = await t.client({ cookie: "auth=%00%ED%A0%80" }).get<{ user: null }>("/api/user.php");
    expect(garbage.status).toBe(200);
    expect(garbage.body.user).toBeNull();
  });
});

describe("the 500s of the issue's fuzz, each answered with its own clear 4xx", () => {
  type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

  it("a search cursor beyond PostgreSQL's integers", async () => {
    for (const cursor of ["2147483648", "9999999999"]) {
      const res = await t.client().get<ErrorBody>(`/api/members.php?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });

  it("a NUL byte or a lone surrogate in a chat message, named, in the member's language", async () => {
    const a = await t.loggedIn({ credits: 100, paidUser: true, language: "de" });
    for (const text of ["hi\u0000", "\ud83d", "x\udc00y"]) {
      const res = await a.client.post<ErrorBody>("/api/chat.php", { to: target.user.id, text });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: "text_invalid",
        message: de.errors.text_invalid,
        fields: { text: de.errors.text_invalid },
      });
    }
  });

  it("a multipart upload without a boundary, or cut off", async () => {
    const m = await t.loggedIn();
    const noBoundary = await m.client.request<ErrorBody>("POST", "/api/photos.php", undefined, {
      raw: "--x\r\n\r\n",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.error).toMatchObject({ code: "upload_invalid", message: en.errors.upload_invalid });
    const cutOff = await m.client.request<ErrorBody>("POST", "/api/photos.php", undefined, {
      raw: '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(cutOff.status).toBe(400);
    expect(cutOff.body.error.code).toBe("upload_invalid");
  });

  it("a JSON body over the body limit is 413", async () => {
    const res = await t.client().request<ErrorBody>("POST", "/api/complaints.php", undefined, {
      raw: JSON.stringify({ message: "x".repeat(70_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: "payload_too_large", message: en.errors.payload_too_large });
  });

  it("an upload that says it is larger than a photo may be is refused before a byte of it is read", async () => {
    const m = await t.loggedIn();
    const cookie = [...m.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const { port } = new URL(t.baseUrl);
    // Only the headers and a few bytes are sent: an answer can only come from the declared length.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
        if (text.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        resolve(text);
      }, 5000);
      socket.write(
        `POST /api/chatphoto.php?to=${target.user.id} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
          "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 50000000\r\n\r\n--b\r\n",
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});
