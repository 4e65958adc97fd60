import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DevSmsOutbox, StoredSms } from "../../adapters/sms";
import { escapeHtml } from "../../escapeHtml";

/** The dev SMS outbox of the embedded default: every text the site sent (direct-debit codes). Never in production. */
export const devSmsRoutes: FastifyPluginAsyncZod<{ outbox: DevSmsOutbox }> = async (app, { outbox }) => {
  app.get(
    "/dev/sms.json",
    { config: { auth: "visitor" }, schema: { hide: true, querystring: z.object({ to: z.string().max(30).optional() }).strict() } },
    async (request) => ({ texts: await outbox.list(request.query.to) }),
  );

  app.get("/dev/sms", { config: { auth: "visitor" }, schema: { hide: true } }, async (_request, reply) => {
    const texts = await outbox.list();
    const rows = texts
      .map(
        (s: StoredSms) => `<tr><td>${escapeHtml(new Date(s.date).toLocaleString("nl-NL"))}</td><td>${escapeHtml(s.to)}</td><td>${escapeHtml(s.text)}</td></tr>`,
      )
      .join("");
    return reply.type("text/html; charset=utf-8").send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Dev SMS outbox</h1><p>${texts.length} text(s) sent by this site. This page exists only in the embedded default.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Text</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
    );
  });
};
