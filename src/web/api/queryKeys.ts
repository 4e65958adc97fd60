// Cache keys shared by more than one API module, so that one feature can refresh another's data
// without the modules importing each other.

export const queryKeys = {
  settings: ["settings"],
  user: ["user"],
  members: ["members"],
  member: (id: number) => ["member", id] as const,
  likes: ["likes"],
  blocks: ["blocks"],
  /** The member's hidden words (issue 22). */
  hiddenWords: ["hidden-words"],
  ownProfile: ["own-profile"],
  /** The own photo verification (whether an approved photo allows asking for it). */
  verification: ["verification"],
  chats: ["chats"],
  /** Every open conversation: `conversation(ref)` for one, by conversation id or by member id. */
  conversations: ["chat"],
  conversation: (ref: { id: number } | { member: number }) => ("id" in ref ? (["chat", "id", ref.id] as const) : (["chat", "member", ref.member] as const)),
} as const;
