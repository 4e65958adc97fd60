import { z } from "zod";
import { INT4_MAX } from "../int4";

export { INT4_MAX };

/** A row's id in a query ("12") or a body (12): a positive int4; anything else names nothing ("not found"). */
export const idSchema = z.coerce.number({ error: "errors.not_found" }).int().positive().max(INT4_MAX);

/** A path naming one row by its id ("/api/console/members/:id"). */
export const idParamsSchema = z.object({ id: idSchema }).strict();
