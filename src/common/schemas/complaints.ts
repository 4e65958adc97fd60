import { z } from "zod";
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
