import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { idParamsSchema } from "./ids";

// The console's operations screen (issue 16): what failed in the background, payments that hang,
// and today's counts.

/** A payment still open or pending this long after it was made is shown as stuck. */
export const STUCK_PAYMENT_HOURS = 24;

export const failedJobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  attempts: z.number(),
  max_attempts: z.number(),
  /** Set when the job gave up (no more tries); null while it is still being retried. */
  failed_at: z.string().nullable(),
  next_try_at: z.string().nullable(),
  created_at: z.string(),
  /** The error's first line without addresses, numbers or tokens (never the job's content). */
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const stuckPaymentSchema = z.object({
  id: z.string(),
  member_id: z.number().nullable(),
  created_at: z.string(),
  status: z.string(),
  method: z.string(),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type StuckPayment = z.infer<typeof stuckPaymentSchema>;

export const operationsSchema = z.object({
  today: z.object({
    signups: z.number(),
    purchases: z.number(),
    /** What today's purchases brought in, per currency (minor units). */
    revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
    reports_waiting: z.number(),
    photos_waiting: z.number(),
    complaints_open: z.number(),
    /** Selfies of the photo verification waiting for a moderator. */
    verifications_waiting: z.number(),
  }),
  failed_jobs: z.array(failedJobSchema),
  stuck_payments: z.array(stuckPaymentSchema),
  stuck_after_hours: z.number(),
});
export type Operations = z.infer<typeof operationsSchema>;

/** The operations screen, and retrying a failed job. */
export const operationsCalls = {
  "GET /api/console/operations": { response: { 200: operationsSchema } },
  "POST /api/console/operations/jobs/:id/retry": { params: idParamsSchema, response: { 200: okSchema } },
} as const satisfies Calls;
