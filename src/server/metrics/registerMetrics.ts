import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors";
import type { AppMetrics } from "./appMetrics";

/** The path Prometheus scrapes; it answers for any Host (see HOST_FREE_PATHS). */
export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Counts every answer by route pattern, and serves the metrics to whoever holds METRICS_TOKEN
 * (Authorization: Bearer). Without the token configured the route does not exist, and a wrong or
 * missing one learns nothing more (404 both): metrics tell traffic and business figures.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  app.addHook("onResponse", async (request, reply) => {
    // The declared pattern (/api/profile.php, /api/photos/:id): a raw URL would make a series per member or per typo.
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    metrics.requests.inc({ method, route, status: reply.statusCode });
    metrics.duration.observe({ method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) metrics.serverErrors.inc({ method, route });
  });

  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get(METRICS_PATH, { config: { auth: "visitor" }, schema: { hide: true } }, async (request, reply) => {
    if (!expected || !timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) throw notFound();
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return metrics.metrics();
  });
}
