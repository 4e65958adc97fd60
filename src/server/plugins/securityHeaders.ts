import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Browser features, each allowed only where the site uses it: the location button asks for the
 * position; the photo verification takes a selfie with the camera and a voice message in chat is
 * recorded with the microphone (the site's own pages only, never a frame of another origin); nothing
 * uses payment handlers, USB and the like (helmet has no option for this header).
 */
const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  "camera=(self)",
  "microphone=(self)",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
  "interest-cohort=()",
].join(", ");

/** Registers the security headers on every answer, pages, API and files alike. */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(fastifyHelmet, securityHeaders(production));
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}

/**
 * The security headers of every answer (@fastify/helmet). Scripts only from the site itself, never
 * inline; no framing (clickjacking); no sniffing; the referrer trimmed to the origin across sites; the
 * browser features the site never uses turned off. Inline styles stay allowed: React and Bootstrap set
 * style attributes (positions of dropdowns, progress widths), which cannot run code. Images may come
 * from https hosts because a site's photos can be served from its CDN (the cdn_prefix setting). HSTS
 * only in production: on the embedded default it would pin localhost to HTTPS in the browser.
 */
function securityHeaders(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Photos and the web manifest are fetched by the browser itself; same-site is what the site needs.
    crossOriginResourcePolicy: { policy: "same-site" },
    // Payment providers' hosted pages are opened in the same tab and come back by redirect.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  };
}
