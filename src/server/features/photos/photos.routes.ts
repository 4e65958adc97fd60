import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Storage } from "../../adapters/storage";
import { notFound } from "../../errors";

/** Photo files by their random names. Access rules for locked photos come with the members issue. */
export const photosRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    "/photos/:file",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}(_thumb|_match|_blur)?\.jpg$/) }),
      },
    },
    async (request, reply) => {
      const body = await storage.get(`photos/${request.params.file}`);
      if (!body) throw notFound();
      return reply.type("image/jpeg").header("cache-control", "public, max-age=31536000, immutable").send(body);
    },
  );
};
