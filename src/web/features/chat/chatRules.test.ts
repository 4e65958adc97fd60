import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../common/schemas/chat";
import { messageCost, voiceMessageCost } from "../../../common/messageCost";
import { dayDate, dayLabelKind, groupByDay, listTimeOptions, localDay } from "./messageDays";
import { messagePreview } from "./messagePreview";
import { nextPollDelay } from "./pollSchedule";
import { draftState, harassmentCheckOf, keyForSend, newIdempotencyKey, scamCheckOf, sendProblemOf } from "./sendDraft";

/** A message at a local date and time (the tests hold in any time zone). */
const message = (id: number, at: Date, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation: 1,
  sender: 7,
  kind: "text",
  body: `message ${id}`,
  created_at: at.toISOString(),
  read: false,
  ...patch,
});

describe("polling", () => {
  const base = { loggedIn: true, socketConnected: false, polls: 0 };

  it("polls 5 s after start, then every 60 s", () => {
    const times: number[] = [];
    let at = 0;
    for (let polls = 0; polls < 4; polls++) {
      at += nextPollDelay({ ...base, polls }) ?? Number.NaN;
      times.push(at);
    }
    expect(times).toEqual([5_000, 65_000, 125_000, 185_000]);
  });

  it("waits 300 s between polls with push notifications", () => {
    expect(nextPollDelay({ ...base, pushSubscribed: true })).toBe(5_000);
    expect(nextPollDelay({ ...base, pushSubscribed: true, polls: 1 })).toBe(300_000);
  });

  it("does not poll for a visitor, nor while the live connection is up", () => {
    expect(nextPollDelay({ ...base, loggedIn: false })).toBeNull();
    expect(nextPollDelay({ ...base, socketConnected: true, polls: 3 })).toBeNull();
  });
});

describe("day separators", () => {
  const now = new Date(2024, 4, 10, 12, 0);

  it("groups messages by local day, keeping their order", () => {
    const messages = [
      message(1, new Date(2024, 4, 8, 23, 59)),
      message(2, new Date(2024, 4, 9, 0, 1)),
      message(3, new Date(2024, 4, 9, 18, 30)),
      message(4, new Date(2024, 4, 10, 9, 0)),
    ];
    expect(groupByDay(messages).map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ["2024-05-08", [1]],
      ["2024-05-09", [2, 3]],
      ["2024-05-10", [4]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it("calls the days today and yesterday, and others by their date", () => {
    expect(dayLabelKind("2024-05-10", now)).toBe("today");
    expect(dayLabelKind("2024-05-09", now)).toBe("yesterday");
    expect(dayLabelKind("2024-05-08", now)).toBe("date");
    expect(dayLabelKind("2024-04-30", new Date(2024, 4, 1, 0, 30))).toBe("yesterday");
    expect(localDay(dayDate("2024-02-29"))).toBe("2024-02-29");
  });

  it("shows today's times in the list as a time, older ones as a short date", () => {
    expect(listTimeOptions(new Date(2024, 4, 10, 0, 5).toISOString(), now)).toEqual({ timeStyle: "short" });
    expect(listTimeOptions(new Date(2024, 4, 9, 23, 55).toISOString(), now)).toEqual({ dateStyle: "short" });
  });
});

describe("last message preview", () => {
  const at = new Date(2024, 4, 10, 12, 0);

  it("shows the text on one line, and says when it is the member's own", () => {
    expect(messagePreview(message(1, at, { body: "Hi!\n\nHow   are you?" }), 3)).toEqual({ kind: "text", own: false, text: "Hi! How are you?" });
    expect(messagePreview(message(1, at, { sender: 3, body: "Hello" }), 3)).toEqual({ kind: "text", own: true, text: "Hello" });
  });

  it("shows photos, voice messages and gifts as a label, and no message as such", () => {
    expect(messagePreview(message(1, at, { kind: "photo", body: "p/abc.jpg" }), 3)).toEqual({ kind: "photo", own: false });
    expect(messagePreview(message(1, at, { kind: "voice", body: "" }), 3)).toEqual({ kind: "voice", own: false });
    expect(messagePreview(message(1, at, { kind: "gift", sender: 3, body: "rose" }), 3)).toEqual({ kind: "gift", own: true });
    expect(messagePreview(null, 3)).toEqual({ kind: "none" });
  });

  it("shortens long texts to 80 characters without cutting an emoji", () => {
    const preview = messagePreview(message(1, at, { body: `${"a".repeat(78)}😀😀 and more` }), 3);
    expect(preview).toEqual({ kind: "text", own: false, text: `${"a".repeat(78)}😀…` });
    if (preview.kind === "text") expect(Array.from(preview.text)).toHaveLength(80);
  });

  it("keeps markup as text", () => {
    expect(messagePreview(message(1, at, { body: "<b>hi</b> https://example.com" }), 3)).toMatchObject({ text: "<b>hi</b> https://example.com" });
  });
});

describe("sending", () => {
  it("costs the site's price, at least the country's minimum", () => {
    const settings = { message_credits: 10, minimum_message_costs: { NL: { costs: 10, currency: "EUR" }, CH: { costs: 15, currency: "CHF" } } };
    expect(messageCost(settings, "CH")).toBe(15);
    expect(messageCost(settings, "NL")).toBe(10);
    expect(messageCost(settings, "US")).toBe(10);
    expect(messageCost(settings, null)).toBe(10);
  });

  it("prices a voice message like a photo, whatever a country's minimum for text", () => {
    const settings = { message_credits: 10, photo_credits: 20, minimum_message_costs: { CH: { costs: 25, currency: "CHF" } } };
    expect(voiceMessageCost(settings)).toBe(20);
    expect(voiceMessageCost({ ...settings, photo_credits: 35 })).toBe(35);
  });

  it("judges the draft as the server does: trimmed, and within the message length", () => {
    expect(draftState("  \n ", 5)).toEqual({ length: 0, empty: true, tooLong: false });
    expect(draftState(" hello ", 5)).toEqual({ length: 5, empty: false, tooLong: false });
    expect(draftState("hello!", 5)).toMatchObject({ tooLong: true });
  });

  it("reuses the key of a failed message sent again unchanged, and takes a new one otherwise", () => {
    const make = () => "fresh-key-0000";
    expect(keyForSend(null, "Hi", make)).toBe("fresh-key-0000");
    expect(keyForSend({ text: "Hi", key: "old-key-00000" }, "Hi", make)).toBe("old-key-00000");
    expect(keyForSend({ text: "Hi", key: "old-key-00000" }, "Hi there", make)).toBe("fresh-key-0000");
  });

  it("makes keys the server accepts, different each time", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(newIdempotencyKey((bytes) => bytes.fill(255))).toBe("f".repeat(32));
  });

  it("tells credit, premium and closed-conversation refusals apart", () => {
    expect(sendProblemOf("not_enough_credits")).toBe("credits");
    expect(sendProblemOf("premium_only")).toBe("premium");
    expect(sendProblemOf("partner_not_confirmed")).toBe("closed");
    expect(sendProblemOf("blocked_by")).toBe("closed");
    expect(sendProblemOf("message_too_long")).toBe("other");
    expect(sendProblemOf("network")).toBe("other");
  });
});

describe("typing indicator", () => {
  it("shows while the last signal is fresh, for that conversation only", async () => {
    const { isTyping, TYPING_SHOWN_MS } = await import("../../stores/typingStore");
    const until = { 7: 1000 + TYPING_SHOWN_MS };
    expect(isTyping(until, 7, 1000)).toBe(true);
    expect(isTyping(until, 7, 1000 + TYPING_SHOWN_MS + 1)).toBe(false);
    expect(isTyping(until, 8, 1000)).toBe(false);
    expect(isTyping(until, null, 1000)).toBe(false);
  });
});

describe("scamCheckOf", () => {
  it("asks about a text with scam signals until the sender chose to send that very text", () => {
    expect(scamCheckOf("Send me 200 euros please", null)).toEqual(["money"]);
    expect(scamCheckOf("  Send me 200 euros please ", "Send me 200 euros please")).toEqual([]);
    expect(scamCheckOf("Send me 300 euros please", "Send me 200 euros please")).toEqual(["money"]);
    expect(scamCheckOf("How was work today?", null)).toEqual([]);
  });
});

describe("harassmentCheckOf", () => {
  const before = { partnerAnswered: false, language: "en", domainLanguage: null };
  it("asks about an insulting or sexual text while the partner has not written, until the sender chose to send that very text", () => {
    expect(harassmentCheckOf("hey slut", null, before)).toBe(true);
    expect(harassmentCheckOf("  hey slut ", "hey slut", before)).toBe(false);
    expect(harassmentCheckOf("hey slut!", "hey slut", before)).toBe(true);
    expect(harassmentCheckOf("hey, how are you?", null, before)).toBe(false);
  });

  it("does not ask once the partner has written", () => {
    expect(harassmentCheckOf("hey slut", null, { ...before, partnerAnswered: true })).toBe(false);
  });

  it("checks the sender's language and the site's, as the server does", () => {
    expect(harassmentCheckOf("Hallo Schlampe", null, before)).toBe(false);
    expect(harassmentCheckOf("Hallo Schlampe", null, { ...before, language: "de" })).toBe(true);
    expect(harassmentCheckOf("Hallo Schlampe", null, { ...before, domainLanguage: "de_DE" })).toBe(true);
  });
});
