import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callsCalls } from "../../../common/schemas/calls";
import type { Config } from "../../config";
import { memberOf } from "../../plugins/routeAuth";
import type { CallsService } from "./calls.service";
import { iceServersFor } from "./iceServers";

/**
 * Video and voice calls (issue 22): ring, answer or decline, end; the ICE servers to use. Documented
 * under "chat" (a call is made from a conversation): with a sixteenth tag, Swagger UI at /api/docs
 * stopped rendering after the thirteenth operation (tests/e2e/pages.test.ts), cause not found.
 */
export const callsRoutes: FastifyPluginAsyncZod<{ calls: CallsService; ice: Config["ice"] }> = async (app, { calls, ice }) => {
  app.get(
    "/api/call.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The member's call that rings or talks now, or null", ...callsCalls["GET /api/call.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { call: await calls.current(memberOf(request)) };
    },
  );

  app.post(
    "/api/call.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Ring the other member of a conversation (premium; the caller pays the site's call_minute_credits per started minute from the answer on)",
        ...callsCalls["POST /api/call.php"],
      },
    },
    async (request) => ({ call: await calls.start(memberOf(request), request.site, request.body.conversation, request.body.media) }),
  );

  app.post(
    "/api/callanswer.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The callee accepts or declines a ringing call", ...callsCalls["POST /api/callanswer.php"] },
    },
    async (request) => ({ call: await calls.answer(memberOf(request), request.site, request.body.call, request.body.accept) }),
  );

  app.post(
    "/api/callend.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "End a call (while it rings: the caller cancels it, the callee declines it)",
        ...callsCalls["POST /api/callend.php"],
      },
    },
    async (request) => ({ call: await calls.end(memberOf(request), request.body.call) }),
  );

  app.get(
    "/api/callconfig.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The ICE servers of a call, with time-limited TURN credentials", ...callsCalls["GET /api/callconfig.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return iceServersFor(ice, memberOf(request).user.id);
    },
  );
};
