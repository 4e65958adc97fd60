import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DevMailbox, StoredMail } from "../../adapters/mailer.devMailbox";
import { notFound } from "../../errors";
import { escapeHtml } from "../../escapeHtml";

/** The dev mailbox of the embedded default: every mail the site sent, readable in the browser. Never in production. */
export const devMailRoutes: FastifyPluginAsyncZod<{ mailbox: DevMailbox }> = async (app, { mailbox }) => {
  app.get(
    "/dev/mail.json",
    { config: { auth: "visitor" }, schema: { hide: true, querystring: z.object({ to: z.string().max(254).optional() }).strict() } },
    async (request) => ({ mails: await mailbox.list(request.query.to) }),
  );

  app.get("/dev/mail", { config: { auth: "visitor" }, schema: { hide: true } }, async (_request, reply) => {
    const mails = await mailbox.list();
    const rows = mails
      .map(
        (m: StoredMail) =>
          `<tr><td>${escapeHtml(new Date(m.date).toLocaleString("nl-NL"))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join("");
    return reply.type("text/html; charset=utf-8").send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}a{color:#ec2b45}</style></head>
<body><h1>Dev mailbox</h1><p>${mails.length} mail(s) sent by this site. This page exists only in the embedded default.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
    );
  });

  app.get("/dev/mail/:id", { config: { auth: "visitor" }, schema: { hide: true, params: z.object({ id: z.string().max(100) }) } }, async (request, reply) => {
    const mail = await mailbox.get(request.params.id);
    if (!mail) throw notFound();
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body style="margin:0"><div style="font-family:system-ui;padding:1rem;background:#eee"><a href="/dev/mail">&larr; Mailbox</a> · To: ${escapeHtml(mail.to)} · From: ${escapeHtml(mail.from)} · ${escapeHtml(mail.subject)}</div>${mail.html}</body></html>`,
      );
  });
};
