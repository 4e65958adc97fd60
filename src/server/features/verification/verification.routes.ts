import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../../common/schemas/ids";
import { verificationCalls, verificationStatusSchema } from "../../../common/schemas/verification";
import { memberOf, operatorOf } from "../../plugins/routeAuth";
import { readUploadedImage } from "../photos/readUpload";
import { sendUncachedJpeg } from "../photos/photoCaching";
import type { VerificationService } from "./verification.service";

const moderators = ["moderator", "admin"] as const;
const params = idParamsSchema;

/** Photo verification: the member's request and selfie, and the moderators' queue in the console. */
export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (app, { verification }) => {
  app.get(
    "/api/verification.php",
    {
      config: { auth: "member" },
      schema: { tags: ["photos"], summary: "Own verification: state, pose asked, reason of a rejection", ...verificationCalls["GET /api/verification.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return verification.status(memberOf(request).user.id);
    },
  );

  app.post(
    "/api/verification.php",
    {
      config: { auth: "member" },
      schema: { tags: ["photos"], summary: "Ask to be verified: the server picks the pose", ...verificationCalls["POST /api/verification.php"] },
    },
    async (request) => verification.start(memberOf(request).user.id),
  );

  app.post(
    "/api/verification-selfie.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["photos"],
        summary: "Send the selfie in the pose asked (multipart/form-data, field `photo`)",
        consumes: ["multipart/form-data"],
        response: { 200: verificationStatusSchema },
      },
    },
    async (request) => verification.submit(memberOf(request).user.id, await readUploadedImage(request)),
  );

  app.get(
    "/api/console/verifications",
    {
      config: { auth: moderators },
      schema: { tags: ["console"], summary: "Verification requests waiting, oldest first", ...verificationCalls["GET /api/console/verifications"] },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return verification.queue();
    },
  );

  app.get(
    "/api/console/verifications/:id/selfie",
    { config: { auth: moderators }, schema: { tags: ["console"], summary: "The selfie of a waiting request (moderators only)", params } },
    async (request, reply) => {
      const file = await verification.selfie(request.params.id);
      return sendUncachedJpeg(reply, file);
    },
  );

  app.post(
    "/api/console/verifications/:id/approve",
    {
      config: { auth: moderators },
      schema: {
        tags: ["console"],
        summary: "Approve a verification: the member is verified",
        ...verificationCalls["POST /api/console/verifications/:id/approve"],
      },
    },
    async (request) => {
      await verification.decide(operatorOf(request).operator.id, request.params.id, { decision: "approve" });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/verifications/:id/reject",
    {
      config: { auth: moderators },
      schema: {
        tags: ["console"],
        summary: "Reject a verification with a reason the member is told",
        ...verificationCalls["POST /api/console/verifications/:id/reject"],
      },
    },
    async (request) => {
      await verification.decide(operatorOf(request).operator.id, request.params.id, { decision: "reject", reason: request.body.reason });
      return { ok: true as const };
    },
  );
};
