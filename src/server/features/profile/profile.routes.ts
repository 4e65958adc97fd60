import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownProfileResponseSchema, profileUpdateSchema } from "../../../common/schemas/members";
import { requireMember } from "../../errors";
import type { ProfileService } from "./profile.service";

const member = requireMember;

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    "/api/profile.php",
    { schema: { tags: ["profile"], summary: "Own profile, photos and invisible mode", response: { 200: ownProfileResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return profile.get(member(request.member).user.id);
    },
  );

  app.put(
    "/api/profile.php",
    {
      schema: { tags: ["profile"], summary: "Change any of the own profile's fields", body: profileUpdateSchema, response: { 200: ownProfileResponseSchema } },
    },
    async (request) => profile.update(member(request.member), request.site, request.body),
  );
};
