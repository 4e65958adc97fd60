import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage, ConversationResponse } from "../../common/schemas/chat";
import { markReadByPartner, withPartnerRead } from "./chatApi";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { setLoggedOut } from "./userApi";
import { useChatStore } from "../stores/chatStore";

const message = (id: number, read = false): ChatMessage => ({
  id,
  conversation: 7,
  sender: 1,
  kind: "text",
  body: `m${id}`,
  created_at: "2026-11-25T10:00:00.000Z",
  read,
});
const open = (conversation: number, messages: ChatMessage[]): ConversationResponse => ({
  conversation,
  member: { id: 2 } as ConversationResponse["member"],
  messages,
  has_older: false,
  older_hidden: false,
});

afterEach(() => {
  queryClient.clear();
  useChatStore.getState().reset();
});

describe("a read receipt from the partner", () => {
  it("ticks the messages up to the one read, in the open conversation only, without a reload", () => {
    const key = queryKeys.conversation({ id: 7 });
    const other = queryKeys.conversation({ member: 9 });
    queryClient.setQueryData(key, open(7, [message(1), message(2), message(3), message(-1)]));
    queryClient.setQueryData(other, open(8, [message(1)]));

    markReadByPartner(7, 2);

    expect(queryClient.getQueryData<ConversationResponse>(key)?.messages.map((m) => m.read)).toEqual([true, true, false, false]);
    expect(queryClient.getQueryData<ConversationResponse>(other)?.messages[0].read).toBe(false);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("leaves the cached answer as it is when nothing changes, so nothing renders again", () => {
    const key = queryKeys.conversation({ member: 2 });
    const before = open(7, [message(1, true)]);
    queryClient.setQueryData(key, before);
    markReadByPartner(7, 1);
    expect(queryClient.getQueryData(key)).toBe(before);
  });

  it("ticks a message whose send was answered after the receipt that covers it (a busy server)", () => {
    markReadByPartner(7, 5);
    expect(withPartnerRead(message(5)).read).toBe(true);
    expect(withPartnerRead(message(6)).read).toBe(false);
    expect(withPartnerRead({ ...message(4), conversation: 8 }).read).toBe(false);
  });

  it("is forgotten at logout: the next member on this browser gets no tick from it", () => {
    markReadByPartner(7, 5);
    setLoggedOut();
    expect(withPartnerRead(message(5)).read).toBe(false);
  });
});
