import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { membersCalls, photoResponseSchema } from "../../../common/schemas/members";
import { notFound } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import { viewerOf } from "../members/members.routes";
import { PROFILE_PHOTO_CACHE } from "./photoCaching";
import type { PhotosService } from "./photos.service";
import { readUploadedImage } from "./readUpload";

export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService; onChanged: (userId: number) => Promise<void> }> = async (
  app,
  { photos, onChanged },
) => {
  app.get("/photos/:file", { config: { auth: "visitor" }, schema: { hide: true, params: z.object({ file: z.string().max(60) }) } }, async (request, reply) => {
    const found = await photos.file(request.params.file, viewerOf(request), request.headers["if-none-match"]);
    if (!found) throw notFound();
    // Checked on every request, never kept by a shared cache: see photoCaching.ts.
    reply.header("cache-control", PROFILE_PHOTO_CACHE).header("etag", found.etag).header("x-content-type-options", "nosniff");
    if (!found.body) return reply.status(304).send();
    return reply.type("image/jpeg").header("content-length", found.body.size).send(found.body.body);
  });

  app.post(
    "/api/photos.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["photos"],
        summary: "Upload a photo (multipart/form-data, field `photo`)",
        consumes: ["multipart/form-data"],
        response: { 200: photoResponseSchema },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const photo = await photos.upload(member, request.site, await readUploadedImage(request));
      await onChanged(member.user.id);
      return { photo };
    },
  );

  app.delete(
    "/api/photos.php",
    { config: { auth: "member" }, schema: { tags: ["photos"], summary: "Delete an own photo", ...membersCalls["DELETE /api/photos.php"] } },
    async (request) => {
      const member = memberOf(request);
      await photos.remove(member, request.query.id);
      await onChanged(member.user.id);
      return { ok: true as const };
    },
  );
};
