import type { FastifyReply } from "fastify";

/**
 * Sends an answer already typed by its schema as JSON without checking it again at run time: for
 * large answers (hundreds of cards) on hot calls, where the check costs more than the query.
 * The route keeps its response schema for the documentation.
 */
export function sendJson<T>(reply: FastifyReply, data: T): T {
  return sendJsonText<T>(reply, JSON.stringify(data));
}

/** Sends JSON built (or kept) by the route's service, which typed it by the route's schema. */
export function sendJsonText<T>(reply: FastifyReply, json: string | Buffer): T {
  void reply.type("application/json; charset=utf-8").send(json);
  return reply as unknown as T;
}
