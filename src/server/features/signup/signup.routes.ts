import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authCalls } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { memberOf } from "../../plugins/routeAuth";
import { findMemberByUserId } from "../auth/auth.repo";
import { userDto } from "../members/profileDto";
import type { SignupService } from "./signup.service";

/** POST /api/signup-step.php: a step of the signup is done; the answer is the user with the step still to do. */
export const signupRoutes: FastifyPluginAsyncZod<{ signup: SignupService; db: Db }> = async (app, { signup, db }) => {
  app.post(
    "/api/signup-step.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Finish (or skip) a step of the signup: 1 photo, 2 about me, 3 personal info, 4 location, 5 push",
        ...authCalls["POST /api/signup-step.php"],
      },
    },
    async (request) => {
      const member = memberOf(request);
      await signup.completeStep(member, request.body.step);
      const record = await findMemberByUserId(db, member.user.id);
      return { user: record ? userDto(record) : null };
    },
  );
};
