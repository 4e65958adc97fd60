import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PHOTO_FORMATS } from "../../../common/photoSizes";
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
  app.get(
    "/photos/:file",
    {
      config: { auth: "visitor" },
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(60) }),
        // A width and format of the file (common/photoSizes.ts): both or neither.
        querystring: z
          .object({ w: z.coerce.number().int().min(1).max(4096).optional(), f: z.enum(PHOTO_FORMATS).optional() })
          .refine((q) => (q.w === undefined) === (q.f === undefined), { path: ["w"] }),
      },
    },
    async (request, reply) => {
      const { w, f } = request.query;
      const size = w !== undefined && f !== undefined ? { width: w, format: f } : undefined;
      const found = await photos.file(request.params.file, viewerOf(request), request.headers["if-none-match"], size);
      if (!found) throw notFound();
      // Checked on every request, never kept by a shared cache: see photoCaching.ts. The format is
      // in the address (a <picture> source names it), so nothing varies by Accept.
      reply.header("cache-control", PROFILE_PHOTO_CACHE).header("etag", found.etag).header("x-content-type-options", "nosniff");
      if (!found.body) return reply.status(304).send();
      return reply.type(found.type).header("content-length", found.body.size).send(found.body.body);
    },
  );

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
