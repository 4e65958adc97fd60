// Cache keys shared by more than one API module, so that one feature can refresh another's data
// without the modules importing each other.

export const queryKeys = {
  members: ["members"],
  member: (id: number) => ["member", id] as const,
  likes: ["likes"],
  blocks: ["blocks"],
  ownProfile: ["own-profile"],
} as const;
