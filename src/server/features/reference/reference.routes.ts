import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { INTERESTS } from "../../../common/interests";
import { settingsCalls } from "../../../common/schemas/settings";
import { regionsOf } from "../../geo/regions";
import { reverseGeocode } from "../../geo/reverseGeocode";
import { translate } from "../../i18n";

/** Reference data: interests, regions, and offline reverse geocoding. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/interests.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["reference"],
        summary: "Interests a member can pick, in the request's language",
        ...settingsCalls["GET /api/interests.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, max-age=3600");
      return { interests: INTERESTS.map((id) => ({ id, name: translate(request.lang, `interests.${id}`) })) };
    },
  );

  app.get(
    "/api/regions.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["reference"],
        summary: "Regions of every country the site is sold in, named in the request's language (as people there write them where it has no name of its own)",
        ...settingsCalls["GET /api/regions.php"],
      },
    },
    async (request, reply) => {
      // The names follow the member's or visitor's language: a shared cache must keep them apart.
      reply.header("cache-control", "private, max-age=3600");
      reply.header("vary", "cookie, accept-language");
      return { regions: Object.fromEntries(request.site.settings.countries.map((c) => [c, regionsOf(c, request.lang)])) };
    },
  );

  app.get(
    "/api/geocode.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["reference"],
        summary: "Country, region and city of a point",
        ...settingsCalls["GET /api/geocode.php"],
      },
    },
    async (request) => reverseGeocode(request.query.lat, request.query.lon, request.lang),
  );
};
