import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Answers smaller than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Per-request levels: fast, and still far smaller than the text (the build uses the highest). */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * Compresses pages and API answers on the fly, Brotli first, then gzip, for clients that ask for it.
 * Brotli at quality 4: close to gzip's speed with smaller output; the built client's files are
 * compressed once at build time at a high quality instead (vite.config.ts, served by
 * web.routes.ts), so this only ever compresses what is made per request. Photos (JPEG, WebP) are not
 * compressible types and are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Sends a text the route made itself compressed as the client prefers (Brotli, gzip, or as it is):
 * for answers that route-level compression does not reach (pages from the not-found handler).
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string): Promise<FastifyReply> {
  reply.header("vary", "accept-encoding");
  const encoding = Buffer.byteLength(text) >= COMPRESS_THRESHOLD_BYTES ? negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]) : null;
  if (!encoding) return reply.send(text);
  const body =
    encoding === "br" ? await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : await gzipped(text, { level: GZIP_LEVEL });
  return reply.header("content-encoding", encoding).send(body);
}
