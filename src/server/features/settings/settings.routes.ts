import { THEME } from "../../../common/constants";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Country, languagesOf } from "../../../common/locales";
import { type Settings, settingsCalls, settingsSchema } from "../../../common/schemas/settings";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { selectedCountry } from "../../plugins/requestContext";
import { rememberTrafficSource } from "../members/trafficSource";
import { findCompany, type SiteRow } from "./settings.repo";

export interface SettingsRoutesOptions {
  db: Db;
  /** Web Push public key (VAPID): the browser subscribes with it (features/push). */
  pushPublicKey: string | null;
}

/** What GET /api/settings.php answers `request`: the site's settings with the visitor's country and languages. */
export function requestSettings(request: FastifyRequest, pushPublicKey: string | null): Settings {
  const selected = selectedCountry(request);
  return settingsSchema.parse({
    ...request.site.settings,
    domain: request.site.domain,
    company_id: request.site.companyId,
    geoip_country: request.country,
    geoip_selected_country: selected,
    push_public_key: pushPublicKey,
    languages: [...languagesOf(selected as Country)],
    language: request.lang,
  });
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { db, pushPublicKey }) => {
  const serialised = new WeakMap<SiteRow, Map<string, string>>();

  app.get(
    "/api/settings.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["site"],
        summary: "Settings of the site of the request host, with the visitor's country and languages",
        ...settingsCalls["GET /api/settings.php"],
      },
    },
    async (request, reply) => {
      const { site } = request;
      rememberTrafficSource(request, reply);
      // The answer depends only on the site, the visitor's country and the language: serialised once
      // per combination and site version (the resolver hands out a new row object after a change).
      let answers = serialised.get(site);
      if (!answers) {
        answers = new Map();
        serialised.set(site, answers);
      }
      const key = `${request.country}|${request.lang}`;
      let body = answers.get(key);
      if (!body) {
        body = JSON.stringify(requestSettings(request, pushPublicKey));
        if (answers.size < 1000) answers.set(key, body);
      }
      // A string with a JSON content type is sent as it is, without serialising again.
      return reply.type("application/json; charset=utf-8").send(body as unknown as Settings);
    },
  );

  app.get(
    "/api/companyinfo.php",
    {
      config: { auth: "visitor" },
      schema: { tags: ["site"], summary: "The operating company's details", ...settingsCalls["GET /api/companyinfo.php"] },
    },
    async (request, reply) => {
      const company = await findCompany(db, request.site.companyId);
      if (!company) throw notFound();
      reply.header("cache-control", "public, max-age=300");
      return company.info;
    },
  );

  // The web app manifest: the site installs on a phone's home screen under its own name, in the
  // visitor's language, and opens on the members list.
  app.get("/manifest.webmanifest", { config: { auth: "visitor" }, schema: { hide: true } }, async (request, reply) => {
    const { site } = request;
    reply.header("cache-control", "public, max-age=3600").header("vary", "cookie, accept-language");
    return reply.type("application/manifest+json; charset=utf-8").send(
      JSON.stringify({
        id: "/",
        name: site.settings.index_title,
        short_name: site.settings.name,
        description: site.settings.description,
        lang: request.lang,
        start_url: "/members",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#ffffff",
        theme_color: THEME.colors.primary,
        categories: ["social", "lifestyle"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      }),
    );
  });

  // RFC 9116: where a security researcher reports a hole, in the site's own words and languages.
  app.get("/.well-known/security.txt", { config: { auth: "visitor" }, schema: { hide: true } }, async (request, reply) => {
    const { site } = request;
    const languages = [...new Set(site.settings.countries.flatMap((c) => languagesOf(c as Country)))];
    const expires = new Date(Date.now() + 365 * 86_400_000);
    expires.setUTCHours(0, 0, 0, 0);
    reply.header("cache-control", "public, max-age=86400");
    return reply
      .type("text/plain; charset=utf-8")
      .send(
        [
          `Contact: mailto:${site.settings.support_email}`,
          `Expires: ${expires.toISOString()}`,
          `Preferred-Languages: ${["en", ...languages.filter((l) => l !== "en")].join(", ")}`,
          `Canonical: ${request.origin}/.well-known/security.txt`,
          "",
        ].join("\n"),
      );
  });
};
