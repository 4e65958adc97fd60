import { describe, expect, it } from "vitest";
import { isAcceptableEndpoint, pushSubscriptionSchema } from "../../../common/schemas/push";
import { vapidSubjectOf } from "./push.service";
import { buildPushMessage, type PushMessageInput, pushPath, shorten } from "./pushMessage";

const at = new Date("2026-03-01T12:00:00Z");
const base: PushMessageInput = {
  kind: "message",
  language: "en",
  origin: "https://dating.example",
  cdnPrefix: "",
  senderId: 7,
  senderName: "Anna",
  senderThumb: null,
  conversation: 42,
  message: { kind: "text", body: "Hello there", attachment: null },
  at,
};

describe("the notification of a message", () => {
  it("names the sender, shows the text, and opens the conversation", () => {
    expect(buildPushMessage(base)).toEqual({
      kind: "message",
      title: "New message from Anna",
      body: "Hello there",
      icon: "https://dating.example/push-icon.png",
      badge: "https://dating.example/push-badge.png",
      url: "https://dating.example/chats/42",
      tag: "chat-42",
      lang: "en",
      timestamp: at.getTime(),
      conversation: 42,
    });
  });
  it("speaks the recipient's language", () => {
    expect(buildPushMessage({ ...base, language: "nl" }).title).toBe("Nieuw bericht van Anna");
    expect(buildPushMessage({ ...base, language: "pl" }).title).toBe("Nowa wiadomość od Anna");
  });
  it("says what a photo, a voice message or a gift is instead of showing it", () => {
    expect(buildPushMessage({ ...base, message: { kind: "photo", body: "", attachment: "abc" } }).body).toBe("Sent you a photo.");
    expect(buildPushMessage({ ...base, language: "fi", message: { kind: "voice", body: "", attachment: "abc.webm" } }).body).toBe(
      "Lähetti sinulle ääniviestin.",
    );
    expect(buildPushMessage({ ...base, language: "de", message: { kind: "gift", body: "", attachment: "rose" } }).body).toMatch(
      /^Hat dir ein Geschenk geschickt: \S/,
    );
  });
  it("tells of a missed call as a missed call, in the recipient's language, and opens the conversation", () => {
    const missed = { ...base, message: { kind: "call" as const, body: "missed", attachment: "video" } };
    expect(buildPushMessage(missed)).toMatchObject({
      title: "Missed call",
      body: "You missed a call from Anna.",
      url: "https://dating.example/chats/42",
      tag: "chat-42",
    });
    expect(buildPushMessage({ ...missed, language: "de" })).toMatchObject({ title: "Verpasster Anruf", body: "Du hast einen Anruf von Anna verpasst." });
  });
  it("shows the sender's public thumbnail, from the CDN when the site has one", () => {
    expect(buildPushMessage({ ...base, senderThumb: "/photos/t.jpg" }).icon).toBe("https://dating.example/photos/t.jpg");
    expect(buildPushMessage({ ...base, senderThumb: "/photos/t.jpg", cdnPrefix: "https://cdn.example" }).icon).toBe("https://cdn.example/photos/t.jpg");
  });
});

describe("the notification of a like or a match", () => {
  it("opens the likes page; all likes share one notification, a match has its own", () => {
    const like = buildPushMessage({ ...base, kind: "like", conversation: undefined, message: undefined });
    expect(like).toMatchObject({ title: "Anna likes you", url: "https://dating.example/likes", tag: "likes" });
    expect(like).not.toHaveProperty("conversation");
    const match = buildPushMessage({ ...base, kind: "match", language: "sv", conversation: undefined, message: undefined });
    expect(match).toMatchObject({ title: "Det är en match med Anna", url: "https://dating.example/likes/matches", tag: "match-7" });
  });
  it("leads to the right page", () => {
    expect(pushPath("message", 5)).toBe("/chats/5");
    expect(pushPath("message")).toBe("/chats");
    expect(pushPath("like")).toBe("/likes");
    expect(pushPath("match")).toBe("/likes/matches");
  });
});

describe("text previews", () => {
  it("keep short texts, put them on one line, and cut long ones with an ellipsis", () => {
    expect(shorten("  Hi\n\nthere  ")).toBe("Hi there");
    const cut = shorten("word ".repeat(50), 20);
    expect(cut).toBe("word word word word…");
    expect(Array.from(cut).length).toBeLessThanOrEqual(20);
  });
  it("never cut an emoji in half", () => {
    const cut = shorten("😀".repeat(30), 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).toBe(`${"😀".repeat(9)}…`);
  });
});

describe("VAPID contact", () => {
  it("is the site's support address, else a no-reply address of its domain", () => {
    expect(vapidSubjectOf({ domain: "dating.example", settings: { support_email: "help@dating.example" } })).toBe("mailto:help@dating.example");
    expect(vapidSubjectOf({ domain: "dating.example", settings: { support_email: "" } })).toBe("mailto:noreply@dating.example");
    expect(vapidSubjectOf({ domain: "localhost", settings: { support_email: "" } })).toBe("mailto:noreply@localhost.test");
  });
});

describe("which subscriptions are taken", () => {
  const keys = { p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) };
  it("takes push services over https on the default port", () => {
    expect(isAcceptableEndpoint("https://fcm.googleapis.com/fcm/send/abc:def")).toBe(true);
    expect(isAcceptableEndpoint("https://updates.push.services.mozilla.com/wpush/v2/gAAA")).toBe(true);
    expect(isAcceptableEndpoint("https://web.push.apple.com/QAbc")).toBe(true);
  });
  it("refuses plain http, other ports, local names, IP addresses and credentials", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/x",
      "https://localhost/x",
      "https://push.localhost/x",
      "https://intranet/x",
      "https://192.168.1.10/x",
      "https://[::1]/x",
      "https://user:pw@fcm.googleapis.com/x",
      "ftp://fcm.googleapis.com/x",
      "nonsense",
    ])
      expect(isAcceptableEndpoint(endpoint), endpoint).toBe(false);
  });
  it("takes http://127.0.0.1 only when the test environment allows it", () => {
    expect(isAcceptableEndpoint("http://127.0.0.1:4000/push/1")).toBe(false);
    expect(isAcceptableEndpoint("http://127.0.0.1:4000/push/1", true)).toBe(true);
    expect(isAcceptableEndpoint("http://localhost:4000/push/1", true)).toBe(false);
  });
  it("checks the shape of the browser's keys", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
    expect(pushSubscriptionSchema.safeParse({ endpoint, expirationTime: null, keys }).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { ...keys, p256dh: `A${"x".repeat(86)}` } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { ...keys, auth: "a".repeat(21) } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint }).success).toBe(false);
  });
});
