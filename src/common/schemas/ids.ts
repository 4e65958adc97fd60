import { z } from "zod";

/** The largest PostgreSQL integer (int4): ids, and cursors made of ids, never go beyond it. */
export const INT4_MAX = 2_147_483_647;

/** A row's id in a query ("12") or a body (12): a positive int4; anything else names nothing ("not found"). */
export const idSchema = z.coerce.number({ error: "errors.not_found" }).int().positive().max(INT4_MAX);
