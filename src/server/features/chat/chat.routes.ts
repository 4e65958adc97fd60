import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okSchema } from "../../../common/schemas/auth";
import {
  chatsResponseSchema,
  conversationQuerySchema,
  conversationResponseSchema,
  deleteConversationQuerySchema,
  sendGiftSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
} from "../../../common/schemas/chat";
import { unauthorized } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import type { ChatService } from "./chat.service";

/** The Idempotency-Key header of a call that spends credits (ARCHITECTURE.md, API contract). */
const idempotencyKey = (request: FastifyRequest) => {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" ? key : undefined;
};

const member = (m: MemberRecord | null) => {
  if (!m) throw unauthorized();
  return m;
};

/** GET /api/chats.php and DELETE /api/chat.php of spec section 7; reading and sending in the same style. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get(
    "/api/chats.php",
    { schema: { tags: ["chat"], summary: "The member's conversations, newest first, with unread counts", response: { 200: chatsResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return chat.list(member(request.member));
    },
  );

  app.get(
    "/api/chat.php",
    {
      schema: {
        tags: ["chat"],
        summary: "A conversation (by id, or with a member): its newest messages; marks them read",
        querystring: conversationQuerySchema,
        response: { 200: conversationResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return chat.open(member(request.member), request.site, request.query);
    },
  );

  app.post(
    "/api/chat.php",
    {
      schema: {
        tags: ["chat"],
        summary: "Send a message (costs credits). Send an Idempotency-Key header: a retry is answered without sending or charging again",
        body: sendMessageSchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => chat.send(member(request.member), request.site, request.body, idempotencyKey(request)),
  );

  app.post(
    "/api/gift.php",
    {
      schema: {
        tags: ["chat"],
        summary: "Send a gift from the catalogue in a conversation (costs the site's gift_credits; Idempotency-Key as for messages)",
        body: sendGiftSchema,
        response: { 200: sendMessageResponseSchema },
      },
    },
    async (request) => chat.sendGift(member(request.member), request.site, request.body, idempotencyKey(request)),
  );

  app.delete(
    "/api/chat.php",
    { schema: { tags: ["chat"], summary: "Remove a conversation from the member's list", querystring: deleteConversationQuerySchema, response: { 200: okSchema } } },
    async (request) => {
      await chat.remove(member(request.member), request.site, request.query.conversation);
      return { ok: true as const };
    },
  );
};
