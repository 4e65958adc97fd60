import type { StoredSettings } from "./schemas/settings";

/**
 * Credits a message costs a member from `country`: the site's message price, at least the country's
 * minimum. The server charges it; the client shows it on the send button.
 */
export function messageCost(settings: Pick<StoredSettings, "message_credits" | "minimum_message_costs">, country: string | null): number {
  const minimum = country ? (settings.minimum_message_costs[country]?.costs ?? 0) : 0;
  return Math.max(settings.message_credits, minimum);
}
