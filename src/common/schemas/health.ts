import { z } from "zod";

// Liveness and readiness of one app instance, for load balancers and monitoring (not for members).

/** GET /api/health.php: the process runs. */
export const healthResponseSchema = z.object({ ok: z.literal(true) });

const checkState = z.enum(["up", "down", "not_configured"]);

/**
 * GET /api/ready: whether this instance should be sent members. Not ready (503) while a service it
 * uses is unreachable (`checks` names which) or while it shuts down (`draining`).
 */
export const readyResponseSchema = z.object({
  ok: z.boolean(),
  draining: z.boolean(),
  checks: z.object({
    database: z.enum(["up", "down"]),
    redis: checkState,
    bucket: checkState,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
