import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../errors";
import { collectMyData } from "./myData.repo";

/** Downloads of the whole file a few times an hour: enough for a member, too few to load the database. */
const DOWNLOADS_PER_HOUR = 5;

/** GET /api/my-data.php: everything the site holds about the member, as one JSON file, at once. */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: Limiter }> = async (app, { db, limiter }) => {
  app.get(
    "/api/my-data.php",
    {
      schema: {
        tags: ["account"],
        summary:
          "Download everything the site holds about the member (account, profile, photos, likes, messages, credit ledger, payments, sessions) as a JSON file",
      },
    },
    async (request, reply) => {
      const member = request.member;
      if (!member) throw unauthorized();
      const { count } = await limiter.hit(`my-data:${member.user.id}`, 3600);
      if (count > DOWNLOADS_PER_HOUR) throw new AppError(429, "rate_limited");
      const data = await collectMyData(db, member.user.id);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="my-data-${request.site.settings.name.replace(/[^\w-]/g, "")}-${date}.json"`)
        .header("cache-control", "no-store")
        .send(JSON.stringify({ site: request.site.domain, exported_at: new Date().toISOString(), ...data }, null, 2));
    },
  );
};
