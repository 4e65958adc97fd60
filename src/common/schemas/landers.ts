import { z } from "zod";
import type { Calls } from "../apiContract";
import { LANDER_MAX_PROFILES, NICHES } from "../landers";
import { memberCardSchema } from "./user";

/** GET /api/lander.php: profiles for a landing page of a niche. */
export const landerQuerySchema = z
  .object({
    niche: z.enum(NICHES).optional(),
    limit: z.coerce.number().int().min(1).max(LANDER_MAX_PROFILES).optional(),
  })
  .strict();

export const landerProfileSchema = memberCardSchema.extend({
  /** The start of the member's own text (at most 200 characters), or null. */
  personal_text: z.string().nullable(),
  interests: z.array(z.string()),
});
export type LanderProfile = z.infer<typeof landerProfileSchema>;

export const landerResponseSchema = z.object({
  niche: z.enum(NICHES),
  /** Members with a photo, the visitor's country first. */
  profiles: z.array(landerProfileSchema),
  /** How many members of the niche the site lists. */
  total: z.number().int(),
});
export type LanderResponse = z.infer<typeof landerResponseSchema>;

/** A landing page's profiles. */
export const landersCalls = {
  "GET /api/lander.php": { querystring: landerQuerySchema, response: { 200: landerResponseSchema } },
} as const satisfies Calls;
