import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { memberOf } from "../../plugins/routeAuth";
import type { ProfileService } from "./profile.service";

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    "/api/profile.php",
    {
      config: { auth: "member" },
      schema: { tags: ["profile"], summary: "Own profile, photos and invisible mode", ...membersCalls["GET /api/profile.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return profile.get(memberOf(request).user.id);
    },
  );

  app.put(
    "/api/profile.php",
    {
      config: { auth: "member" },
      schema: { tags: ["profile"], summary: "Change any of the own profile's fields", ...membersCalls["PUT /api/profile.php"] },
    },
    async (request) => profile.update(memberOf(request), request.site, request.body),
  );
};
