import { z } from "zod";

// Liveness and readiness of one app instance, for load balancers and monitoring (not for members).

/** GET /api/health.php: the process runs. */
export const healthResponseSchema = z.object({ ok: z.literal(true) });

/**
 * GET /api/ready: whether this instance can serve members. `degraded`: it can, without something
 * that makes it better (Redis: live events, shared counters, cache invalidation).
 */
export const readyResponseSchema = z.object({
  ok: z.boolean(),
  degraded: z.boolean(),
  checks: z.object({
    database: z.enum(["up", "down"]),
    redis: z.enum(["up", "down", "not_configured"]),
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
