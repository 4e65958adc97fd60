// Which photo opens a page of members: the browser loads it first (MemberGrid gives it high priority)
// and the server preloads it with the page's HTML (server/features/web/firstData.ts). Both ask here,
// so that the preload and the page name the same photo.

/**
 * The members of the grid that opens a search page: its results, or, when none match, the similar
 * members shown in their place (SearchResults).
 */
export function leadingMembers<T>(answer: { profiles: T[]; similar: T[] }): T[] {
  return answer.profiles.length > 0 ? answer.profiles : answer.similar;
}

/** The index of a grid's first member with a photo (the page's largest picture), or -1. */
export function leadPhotoIndex(members: ReadonlyArray<{ main_image: unknown }>): number {
  return members.findIndex((m) => m.main_image);
}
