import { describe, expect, it } from "vitest";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import type { MemberDetail } from "../../src/common/schemas/console";
import type { ReportQueue } from "../../src/common/schemas/reports";
import { connect } from "../support/liveSocket";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

describe("scam nudges", () => {
  it("flags a received message that asks for money or moves elsewhere for its recipient only, and moderators see the count", async () => {
    const sender = await t.loggedIn({ credits: 1000 });
    const recipient = await t.loggedIn({ credits: 1000 });
    const texts = [
      // A free member's first message goes the longer way (a transaction), the others in one statement: both store the flag.
      "Hallo! Kannst du mir 300 Euro überweisen? Meine IBAN: DE89 3704 0044 0532 0130 00",
      "Ich arbeite als Krankenpflegerin, die Nachtschichten sind lang",
      "Schreib mir lieber auf WhatsApp",
    ];
    for (const text of texts) {
      const sent = await sender.client.post<SendMessageResponse>("/api/chat.php", { to: recipient.id, text });
      expect(sent.status).toBe(200);
      expect(sent.body.message.scam).toBeUndefined();
    }
    expect((await recipient.client.post("/api/chat.php", { to: sender.id, text: "Gib mir deine Handynummer" })).status).toBe(200);

    const received = await recipient.client.get<ConversationResponse>(`/api/chat.php?member=${sender.id}`);
    expect(received.status).toBe(200);
    expect(received.body.messages.map((m) => m.scam ?? [])).toEqual([["money", "bank"], [], ["other_app"], []]);

    // The sender sees none of it, not even on the recipient's own message with a signal.
    const own = await sender.client.get<ConversationResponse>(`/api/chat.php?member=${recipient.id}`);
    expect(own.body.messages.map((m) => m.scam ?? [])).toEqual([[], [], [], ["phone"]]);
    expect(own.body.messages.slice(0, 3).every((m) => m.scam === undefined)).toBe(true);

    // Reported, the member's messages with signals are counted for the moderator.
    expect((await recipient.client.post("/api/report.php", { id: sender.id, reason: "fake", from_chat: true })).status).toBe(200);
    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<ReportQueue>("/api/console/reports");
    expect(queue.body.groups.find((g) => g.member.id === sender.id)?.member.scam_messages).toBe(2);
    // Support sees the counts in the member lookup too.
    const support = await signedInOperator(t, "support");
    expect((await support.client.get<MemberDetail>(`/api/console/members/${sender.id}`)).body.scam_messages).toBe(2);
    expect((await support.client.get<MemberDetail>(`/api/console/members/${recipient.id}`)).body.scam_messages).toBe(1);
  });

  it("tells the recipient live, and not the sender's other pages", async () => {
    const sender = await t.loggedIn({ credits: 1000 });
    const recipient = await t.loggedIn({ credits: 1000 });
    const [senderPage, recipientPage] = await Promise.all([connect(t, sender.client), connect(t, recipient.client)]);
    try {
      expect((await sender.client.post("/api/chat.php", { to: recipient.id, text: "Lass uns auf Telegram weiterschreiben" })).status).toBe(200);
      expect(await recipientPage.next("message")).toMatchObject({ message: { scam: ["other_app"] } });
      const own = (await senderPage.next("message")) as { message: { scam?: unknown } };
      expect(own.message.scam).toBeUndefined();
    } finally {
      senderPage.socket.close();
      recipientPage.socket.close();
    }
  });
});
