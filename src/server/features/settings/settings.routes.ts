import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Country, languagesOf } from "../../../common/locales";
import { companyInfoSchema, settingsQuerySchema, settingsSchema } from "../../../common/schemas/settings";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { selectedCountry } from "../../plugins/requestContext";
import { findCompany } from "./settings.repo";

export interface SettingsRoutesOptions {
  db: Db;
  /** Web push public key (VAPID), once the chat issue adds push. */
  pushPublicKey: string | null;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { db, pushPublicKey }) => {
  app.get(
    "/api/settings.php",
    {
      schema: {
        tags: ["site"],
        summary: "Settings of the site of the request host, with the visitor's country and languages",
        querystring: settingsQuerySchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const { site } = request;
      const selected = selectedCountry(request);
      return {
        ...site.settings,
        domain: site.domain,
        company_id: site.companyId,
        geoip_country: request.country,
        geoip_selected_country: selected,
        push_public_key: pushPublicKey,
        languages: [...languagesOf(selected as Country)],
        language: request.lang,
      };
    },
  );

  app.get(
    "/api/companyinfo.php",
    { schema: { tags: ["site"], summary: "The operating company's details", querystring: z.object({}).strict(), response: { 200: companyInfoSchema } } },
    async (request, reply) => {
      const company = await findCompany(db, request.site.companyId);
      if (!company) throw notFound();
      reply.header("cache-control", "public, max-age=300");
      return company.info;
    },
  );
};
