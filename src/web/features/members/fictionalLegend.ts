/**
 * The note under a list of profiles that holds several fictional ones (spec section 3, settings
 * fictional_plural): "3 fictional profiles", in the site's own words, beside the badge each such card
 * carries. One fictional profile needs no note (its card says so); none, no note at all.
 */
export function fictionalLegend(members: readonly { fictional: boolean }[], plural: string): string | null {
  const count = members.filter((m) => m.fictional).length;
  return count >= 2 && plural.trim() !== "" ? `${count} ${plural}` : null;
}
