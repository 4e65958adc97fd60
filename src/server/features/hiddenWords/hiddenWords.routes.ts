import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hiddenWordsCalls } from "../../../common/schemas/hiddenWords";
import { memberOf } from "../../plugins/routeAuth";
import type { HiddenWordsService } from "./hiddenWords.service";

/** Hidden words (issue 22): the member's own list, read and edited in their settings. */
export const hiddenWordsRoutes: FastifyPluginAsyncZod<{ hiddenWords: HiddenWordsService }> = async (app, { hiddenWords }) => {
  app.get(
    "/api/hiddenwords.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The member's hidden words and phrases", ...hiddenWordsCalls["GET /api/hiddenwords.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return hiddenWords.list(memberOf(request).user.id);
    },
  );

  app.post(
    "/api/hiddenwords.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Add a hidden word or phrase: a new contact's message holding it goes to the Hidden folder",
        ...hiddenWordsCalls["POST /api/hiddenwords.php"],
      },
    },
    async (request) => hiddenWords.add(memberOf(request).user.id, request.body.word),
  );

  app.delete(
    "/api/hiddenwords.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "Remove a hidden word or phrase", ...hiddenWordsCalls["DELETE /api/hiddenwords.php"] },
    },
    async (request) => hiddenWords.remove(memberOf(request).user.id, request.query.word),
  );
};
