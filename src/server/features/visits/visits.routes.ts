import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { pageExits } from "../../db/schema";

export const VISIT_COOKIE = "visit";

/** The page-hidden beacon; with page-bounce logging on (`lb`), records the page a visit left from. */
export const visitsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/page-hidden.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["site"],
        summary: "Beacon sent when the page becomes hidden",
        querystring: z.object({ lb: z.enum(["1"]).optional() }).strict(),
        body: z.object({}).strict(),
      },
    },
    async (request, reply) => {
      const visitId = request.cookies[VISIT_COOKIE];
      if (request.query.lb && visitId && /^[\w-]{8,64}$/.test(visitId)) {
        const path = pagePath(request.headers.referer);
        if (path) {
          await db.insert(pageExits).values({ siteId: request.site.id, visitId, userId: request.member?.user.id ?? null, path });
        }
      }
      return reply.status(204).send();
    },
  );
};

function pagePath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 500);
  } catch {
    return null;
  }
}
