import { describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type { OwnProfileResponse } from "../../src/common/schemas/members";
import { appForFile, type TestApp } from "../support/testApp";

// Names lose control characters: one-line text (names, a complaint's name, an account holder, a
// city) that may end up in an e-mail's subject or headers refuses line breaks, tabs, other control
// characters and bidi overrides with a message that says so. Free text (messages, profile texts)
// keeps its lines and silently loses the other control characters.

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const REFUSED_NAMES = ["Anna\r\nBcc: me@example.com", "Anna\nLena", "An\tna", "Anna\u0007", "\u202eanna", "Anna\u0085"];
const CONTROL_MESSAGE = {
  en: "Line breaks, tabs and other invisible control characters are not allowed here.",
  de: "Zeilenumbrüche, Tabulatoren und andere unsichtbare Steuerzeichen sind hier nicht erlaubt.",
};

let counter = 0;
const signupBody = (name: string, extra: Record<string, unknown> = {}) => {
  counter += 1;
  return { email: `control${counter}@example.com`, name, password: "long enough 1", date_of_birth: "1990-02-02", ...extra };
};

describe("one-line text refuses control characters", () => {
  it("a name at signup, with the field named, in the visitor's language", async () => {
    for (const name of REFUSED_NAMES) {
      const res = await t.client().post<ErrorBody>("/api/signup.php", signupBody(name));
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error.fields?.name, JSON.stringify(name)).toBe(CONTROL_MESSAGE.en);
    }
    const de = await t.client({}, "de").post<ErrorBody>("/api/signup.php", signupBody("Anna\r\nX"));
    expect(de.body.error).toMatchObject({ code: "validation_failed", message: CONTROL_MESSAGE.de, fields: { name: CONTROL_MESSAGE.de } });
  });

  it("a name at signup from a member's landing page, which sends the first message", async () => {
    const landing = await t.loggedIn();
    const res = await t.client().post<ErrorBody>("/api/signup.php", signupBody("Eve\r\nBcc: x@example.com", { member_id: landing.id, signup_message: "Hi!" }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.name).toBe(CONTROL_MESSAGE.en);
  });

  it("a name or a city in the profile, which keeps the name it had", async () => {
    const m = await t.loggedIn({ name: "Anna" });
    for (const name of REFUSED_NAMES) {
      const res = await m.client.put<ErrorBody>("/api/profile.php", { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error.fields?.name).toBe(CONTROL_MESSAGE.en);
    }
    const city = await m.client.put<ErrorBody>("/api/profile.php", { city: "Utrecht\r\nX" });
    expect(city.body.error.fields?.city).toBe(CONTROL_MESSAGE.en);
    const own = await m.client.get<OwnProfileResponse>("/api/profile.php");
    expect(own.body.profile.name).toBe("Anna");
    // A name in any script, with spaces, hyphens and apostrophes, is a name.
    const ok = await m.client.put<OwnProfileResponse>("/api/profile.php", { name: "Zoë-Łucja O'Brien" });
    expect(ok.status).toBe(200);
    expect(ok.body.profile.name).toBe("Zoë-Łucja O'Brien");
  });

  it("the name on a complaint, and an account holder's name", async () => {
    const complaint = { email: "petra@example.com", category: "payment", message: "I paid for 50 credits yesterday but I only see 20." };
    const res = await t.client().post<ErrorBody>("/api/complaints.php", { ...complaint, name: "Petra\r\nBcc: all@example.com" });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.name).toBe(CONTROL_MESSAGE.en);

    const m = await t.loggedIn();
    const debit = await m.client.post<ErrorBody>("/api/directdebit.php", {
      bundle_id: 1,
      holder: "P.\tJansen",
      iban: "NL91ABNA0417164300",
      phone: "+31612345678",
      authorize: true,
    });
    expect(debit.status).toBe(400);
    expect(debit.body.error.fields?.holder).toBe(CONTROL_MESSAGE.en);
  });
});

describe("free text keeps its lines and loses other control characters", () => {
  it("a chat message", async () => {
    const a = await t.loggedIn({ credits: 100, paidUser: true });
    const b = await t.loggedIn();
    const res = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Hi\u0007 there\r\nsecond line\u202e\tend" });
    expect(res.status).toBe(200);
    expect(res.body.message.body).toBe("Hi there\nsecond line\tend");
  });

  it("a message of nothing but control characters is empty", async () => {
    const a = await t.loggedIn({ credits: 100, paidUser: true });
    const b = await t.loggedIn();
    const res = await a.client.post<ErrorBody>("/api/chat.php", { to: b.id, text: "\u0007\u202e\u0008" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("message_empty");
  });

  it("the profile text", async () => {
    const m = await t.loggedIn();
    const res = await m.client.put<OwnProfileResponse>("/api/profile.php", { personal_text: "Line one\r\nLine two \u001b[31mred" });
    expect(res.status).toBe(200);
    expect(res.body.profile.personal_text).toBe("Line one\nLine two [31mred");
  });
});
