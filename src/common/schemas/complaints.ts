import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { idParamsSchema } from "./ids";
import { singleLine } from "./text";
import { withoutControlCharacters } from "../plainText";

// The complaints form (/complaints): anyone may send one; it gets a reference and an e-mail.

export const COMPLAINT_CATEGORIES = ["payment", "account", "member", "technical", "privacy", "other"] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_MESSAGE_MIN = 20;
export const COMPLAINT_MESSAGE_MAX = 5000;

export const complaintSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, { error: "errors.complaint_name" })
      .max(80, { error: "errors.complaint_name" })
      .refine(...singleLine),
    email: z.email({ error: "errors.invalid_email" }).max(254, { error: "errors.invalid_email" }),
    category: z.enum(COMPLAINT_CATEGORIES, { error: "errors.complaint_category" }),
    message: z
      .string()
      .overwrite(withoutControlCharacters)
      .trim()
      .min(COMPLAINT_MESSAGE_MIN, { error: "errors.complaint_message" })
      .max(COMPLAINT_MESSAGE_MAX, { error: "errors.complaint_message" }),
  })
  .strict();
export type ComplaintInput = z.infer<typeof complaintSchema>;

export const complaintResponseSchema = z.object({ reference: z.string() });
export type ComplaintResponse = z.infer<typeof complaintResponseSchema>;

// The console's queue of complaints (support and admin): assign, answer (mailed), close.

export const COMPLAINT_STATUSES = ["open", "answered", "closed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_ANSWER_MAX = 5000;

export const complaintQueueQuerySchema = z
  .object({
    /** Which complaints: waiting (open and answered, the default) or closed. */
    show: z.enum(["waiting", "closed"]).optional(),
  })
  .strict();

export const queuedComplaintSchema = z.object({
  id: z.number(),
  reference: z.string(),
  site: z.string(),
  name: z.string(),
  email: z.string(),
  member_id: z.number().nullable(),
  category: z.enum(COMPLAINT_CATEGORIES),
  status: z.enum(COMPLAINT_STATUSES),
  created_at: z.string(),
  /** Not answered within COMPLAINT_ANSWER_HOURS of its arrival, and not closed. */
  overdue: z.boolean(),
  assigned_to: z.object({ id: z.number(), email: z.string() }).nullable(),
  message: z.string(),
  answers: z.array(z.object({ id: z.number(), operator: z.string(), body: z.string(), at: z.string() })),
});
export type QueuedComplaint = z.infer<typeof queuedComplaintSchema>;
export const complaintQueueSchema = z.object({ complaints: z.array(queuedComplaintSchema) });
export type ComplaintQueue = z.infer<typeof complaintQueueSchema>;

export const complaintAnswerSchema = z.object({ text: z.string().overwrite(withoutControlCharacters).trim().min(1).max(COMPLAINT_ANSWER_MAX) }).strict();

/** A visitor's or member's complaint, and the support queue of them (the actions on one have its id in the path: called with api()). */
export const complaintsCalls = {
  "POST /api/complaints.php": { body: complaintSchema, response: { 200: complaintResponseSchema } },
  "GET /api/console/complaints": { querystring: complaintQueueQuerySchema, response: { 200: complaintQueueSchema } },
  "POST /api/console/complaints/:id/assign": { params: idParamsSchema, response: { 200: okSchema } },
  "POST /api/console/complaints/:id/answer": { params: idParamsSchema, body: complaintAnswerSchema, response: { 200: okSchema } },
  "POST /api/console/complaints/:id/close": { params: idParamsSchema, response: { 200: okSchema } },
} as const satisfies Calls;
