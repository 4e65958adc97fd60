import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ChatsResponse, chatCalls } from "../../../common/schemas/chat";
import { notFound } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import { viewerOf } from "../members/members.routes";
import { CHAT_PHOTO_CACHE } from "../photos/photoCaching";
import { readUploadedImage, readUploadedVoice } from "../photos/readUpload";
import { sendJsonText } from "../../plugins/sendJson";
import type { ChatService } from "./chat.service";

/** The Idempotency-Key header of a call that spends credits (ARCHITECTURE.md, API contract), and the site's address. */
const sendRequest = (request: FastifyRequest) => {
  const key = request.headers["idempotency-key"];
  return { idempotencyKey: typeof key === "string" ? key : undefined, origin: request.origin };
};

/** GET /api/chats.php and DELETE /api/chat.php of spec section 7; reading and sending in the same style. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get(
    "/api/chats.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The member's conversations, newest first, with unread counts", ...chatCalls["GET /api/chats.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // Up to 500 conversations with cards, built as JSON (and kept while unchanged): checking
      // them against the schema again at run time (zod's encode) would cost more than the queries.
      return sendJsonText<ChatsResponse>(reply, await chat.listJson(memberOf(request)));
    },
  );

  app.get(
    "/api/chat.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "A conversation (by id, or with a member): its newest messages; marks them read",
        ...chatCalls["GET /api/chat.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return chat.open(memberOf(request), request.site, request.query);
    },
  );

  app.post(
    "/api/chat.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Send a message (costs credits). Send an Idempotency-Key header: a retry is answered without sending or charging again",
        ...chatCalls["POST /api/chat.php"],
      },
    },
    async (request) => chat.send(memberOf(request), request.site, request.body, sendRequest(request)),
  );

  app.post(
    "/api/gift.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Send a gift from the catalogue in a conversation (costs the site's gift_credits; Idempotency-Key as for messages)",
        ...chatCalls["POST /api/gift.php"],
      },
    },
    async (request) => chat.sendGift(memberOf(request), request.site, request.body, sendRequest(request)),
  );

  app.post(
    "/api/chatphoto.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Send a photo in chat (multipart/form-data, field `photo`; costs the site's photo_credits; Idempotency-Key as for messages)",
        consumes: ["multipart/form-data"],
        ...chatCalls["POST /api/chatphoto.php"],
      },
    },
    async (request) => {
      const sender = memberOf(request);
      const file = await readUploadedImage(request);
      return chat.sendPhoto(sender, request.site, request.query, file, sendRequest(request));
    },
  );

  app.post(
    "/api/chatvoice.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary:
          "Send a voice message (multipart/form-data, field `voice`: a WebM or MP4 recording of sound only, up to 2 minutes; costs the site's photo_credits; Idempotency-Key as for messages)",
        consumes: ["multipart/form-data"],
        ...chatCalls["POST /api/chatvoice.php"],
      },
    },
    async (request) => {
      const sender = memberOf(request);
      const file = await readUploadedVoice(request);
      return chat.sendVoice(sender, request.site, request.query, file, sendRequest(request));
    },
  );

  app.get(
    "/chatvoice/:file",
    { config: { auth: "visitor" }, schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (request, reply) => {
      const voice = await chat.voiceFile(request.params.file, viewerOf(request));
      if (!voice) throw notFound();
      // Checked on every request and kept by no cache, like a chat photo (photoCaching.ts).
      reply.type(voice.type).header("content-length", voice.file.size).header("cache-control", CHAT_PHOTO_CACHE).header("x-content-type-options", "nosniff");
      return reply.send(voice.file.body);
    },
  );

  app.get(
    "/chatphotos/:file",
    { config: { auth: "visitor" }, schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (request, reply) => {
      const file = await chat.photoFile(request.params.file, viewerOf(request));
      if (!file) throw notFound();
      // Checked on every request and kept by no cache: see photoCaching.ts.
      reply.type("image/jpeg").header("content-length", file.size).header("cache-control", CHAT_PHOTO_CACHE).header("x-content-type-options", "nosniff");
      return reply.send(file.body);
    },
  );

  app.post(
    "/api/chatfolder.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Move one of the member's conversations from the Hidden folder (hidden words) back to the inbox",
        ...chatCalls["POST /api/chatfolder.php"],
      },
    },
    async (request) => {
      await chat.showInInbox(memberOf(request), request.site, request.body.conversation);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/chatnudge.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: 'Answer "No, it\'s fine" to the harassment nudge on a received message: it is not asked again',
        ...chatCalls["POST /api/chatnudge.php"],
      },
    },
    async (request) => {
      await chat.dismissNudge(memberOf(request), request.site, request.body.message);
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/chat.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Remove a conversation from the member's list",
        ...chatCalls["DELETE /api/chat.php"],
      },
    },
    async (request) => {
      await chat.remove(memberOf(request), request.site, request.query.conversation);
      return { ok: true as const };
    },
  );
};
