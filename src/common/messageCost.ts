import type { StoredSettings } from "./schemas/settings";

/**
 * Credits a message costs a member from `country`: the site's message price, at least the country's
 * minimum. The server charges it; the client shows it on the send button.
 */
export function messageCost(settings: Pick<StoredSettings, "message_credits" | "minimum_message_costs">, country: string | null): number {
  const minimum = country ? (settings.minimum_message_costs[country]?.costs ?? 0) : 0;
  return Math.max(settings.message_credits, minimum);
}

/**
 * Credits a voice message costs: what a photo in chat does (the site's photo price; a country's
 * minimum for text messages does not apply). The server charges it; the client shows it on the record button.
 */
export function voiceMessageCost(settings: Pick<StoredSettings, "photo_credits">): number {
  return settings.photo_credits;
}
