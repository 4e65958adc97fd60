import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../src/common/locales";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import type { ReportQueue } from "../../src/common/schemas/reports";
import { connect } from "../support/liveSocket";
import { signedInOperator } from "../support/operators";
import { appForFile, startTestApp, type TestApp } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

/** A first message per language that looks insulting or sexual in it. */
const RUDE: Record<Language, string> = {
  da: "Hej luder",
  de: "Hallo Schlampe",
  en: "Hey slut",
  es: "Hola puta",
  fi: "Moi lutka",
  fr: "Salut salope",
  it: "Ciao troia",
  nb: "Hei, din jævla fitte",
  nl: "Hoi hoer",
  pl: "Cześć dziwko? nie: ty kurwa",
  sv: "Hej subba",
};

type Client = Awaited<ReturnType<TestApp["loggedIn"]>>["client"];

const messagesOf = async (client: Client, partner: number) => (await client.get<ConversationResponse>(`/api/chat.php?member=${partner}`)).body.messages;

describe("harassment nudges", () => {
  it("asks the recipient about insulting or sexual messages until they have written, and never tells the sender", async () => {
    const sender = await t.loggedIn({ credits: 1000 });
    const recipient = await t.loggedIn({ credits: 1000 });
    // A free member's first message goes the longer way (a transaction), the next ones in one statement: both store the flag.
    for (const text of ["Hey slut", "Nice weather today", "Send me nudes, you sl*t"]) {
      const sent = await sender.client.post<SendMessageResponse>("/api/chat.php", { to: recipient.id, text });
      expect(sent.status).toBe(200);
      expect(sent.body.message.nudge).toBeUndefined();
    }
    expect((await messagesOf(recipient.client, sender.id)).map((m) => m.nudge ?? false)).toEqual([true, false, true]);
    expect((await messagesOf(sender.client, recipient.id)).every((m) => m.nudge === undefined)).toBe(true);

    // Once the recipient has written, they are no longer asked: they know whom they talk to.
    expect((await recipient.client.post("/api/chat.php", { to: sender.id, text: "Excuse me?" })).status).toBe(200);
    expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: "Whatever, bitch" })).status).toBe(200);
    const after = await messagesOf(recipient.client, sender.id);
    expect(after.map((m) => m.nudge ?? false)).toEqual([true, false, true, false, false]);
  });

  it("tells the recipient live, and not the sender's other pages", async () => {
    const sender = await t.loggedIn({ credits: 1000, paidUser: true });
    const recipient = await t.loggedIn({ credits: 1000 });
    const [senderPage, recipientPage] = await Promise.all([connect(t, sender.client), connect(t, recipient.client)]);
    try {
      expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: "What an @sshole" })).status).toBe(200);
      expect(await recipientPage.next("message")).toMatchObject({ message: { nudge: true } });
      const own = (await senderPage.next("message")) as { message: { nudge?: unknown } };
      expect(own.message.nudge).toBeUndefined();
    } finally {
      senderPage.socket.close();
      recipientPage.socket.close();
    }
  });

  it("remembers the recipient's answer \"No, it's fine\", which only the recipient can give", async () => {
    const sender = await t.loggedIn({ credits: 1000 });
    const recipient = await t.loggedIn({ credits: 1000 });
    const stranger = await t.loggedIn({ credits: 1000 });
    const rude = (await sender.client.post<SendMessageResponse>("/api/chat.php", { to: recipient.id, text: "Hey slut" })).body.message.id;
    const polite = (await sender.client.post<SendMessageResponse>("/api/chat.php", { to: recipient.id, text: "Sorry, hello" })).body.message.id;

    // Not the sender, not a member outside the conversation, not a message without a nudge, not a message that does not exist.
    expect((await sender.client.post("/api/chatnudge.php", { message: rude })).status).toBe(404);
    expect((await stranger.client.post("/api/chatnudge.php", { message: rude })).status).toBe(404);
    expect((await recipient.client.post("/api/chatnudge.php", { message: polite })).status).toBe(404);
    expect((await recipient.client.post("/api/chatnudge.php", { message: 2_000_000_000 })).status).toBe(404);
    expect((await messagesOf(recipient.client, sender.id))[0].nudge).toBe(true);

    expect((await recipient.client.post("/api/chatnudge.php", { message: rude })).status).toBe(200);
    expect((await messagesOf(recipient.client, sender.id)).every((m) => m.nudge === undefined)).toBe(true);
    // Answered twice (a second tab), it stays answered.
    expect((await recipient.client.post("/api/chatnudge.php", { message: rude })).status).toBe(200);
    expect((await t.client().post("/api/chatnudge.php", { message: rude })).status).toBe(403);
  });

  it("a report of the message answers the nudge, and reaches the moderators as harassment", async () => {
    const sender = await t.loggedIn({ credits: 1000 });
    const recipient = await t.loggedIn({ credits: 1000 });
    const rude = (await sender.client.post<SendMessageResponse>("/api/chat.php", { to: recipient.id, text: "F u c k you" })).body.message.id;
    expect((await recipient.client.post("/api/report.php", { id: sender.id, reason: "harassment", message_id: rude })).status).toBe(200);
    expect((await messagesOf(recipient.client, sender.id))[0].nudge).toBeUndefined();
    const moderator = await signedInOperator(t, "moderator");
    const group = (await moderator.client.get<ReportQueue>("/api/console/reports")).body.groups.find((g) => g.member.id === sender.id);
    expect(group?.open.map((r) => ({ reason: r.reason, message_id: r.message_id }))).toEqual([{ reason: "harassment", message_id: rude }]);
  });

  it("checks a message in the sender's language, in each of the eleven", async () => {
    for (const language of LANGUAGES) {
      const sender = await t.loggedIn({ credits: 1000, language });
      const recipient = await t.loggedIn({ credits: 1000 });
      expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: RUDE[language] })).status).toBe(200);
      expect((await messagesOf(recipient.client, sender.id))[0].nudge, language).toBe(true);
    }
    // Another language's word is not checked (the test site has no domain language): "Schlampe" from an English-speaking member.
    const sender = await t.loggedIn({ credits: 1000, language: "en" });
    const recipient = await t.loggedIn({ credits: 1000 });
    expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: "Hallo Schlampe" })).status).toBe(200);
    expect((await messagesOf(recipient.client, sender.id))[0].nudge).toBeUndefined();
  });

  it("checks a message in the site's language too", async () => {
    const de = await startTestApp({ settings: { domain_language: "de_DE" } });
    try {
      const sender = await de.loggedIn({ credits: 1000, language: "en" });
      const recipient = await de.loggedIn({ credits: 1000 });
      expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: "Hallo Schlampe" })).status).toBe(200);
      expect((await messagesOf(recipient.client, sender.id))[0].nudge).toBe(true);
    } finally {
      await de.close();
    }
  });
});
