import { z } from "zod";
import type { Calls } from "../apiContract";
import { HIDDEN_WORD_MAX_LENGTH } from "../constants";
import { hiddenWordKey } from "../hiddenWords";
import { isSingleLineText } from "../plainText";

// Hidden words (issue 22): a member's words and phrases that send a new contact's message to their
// Hidden folder instead of the inbox.

/**
 * One entry: a word or phrase with at least one letter or digit, on one line. Its length (at most
 * HIDDEN_WORD_MAX_LENGTH characters) is checked by the server, whose answer names the limit; longer
 * text than a request may hold is refused here.
 */
export const hiddenWordSchema = z
  .string({ error: "errors.hidden_word_invalid" })
  .trim()
  .min(1, { error: "errors.hidden_word_invalid" })
  .max(HIDDEN_WORD_MAX_LENGTH * 4, { error: "errors.field_invalid" })
  .refine(isSingleLineText, { error: "errors.hidden_word_invalid" })
  .refine((word) => hiddenWordKey(word) !== "", { error: "errors.hidden_word_invalid" });

export const addHiddenWordSchema = z.object({ word: hiddenWordSchema }).strict();
export const removeHiddenWordQuerySchema = z.object({ word: z.string().max(200) }).strict();

/** The member's entries, oldest first, as they typed them. */
export const hiddenWordsResponseSchema = z.object({ words: z.array(z.string()) });
export type HiddenWordsResponse = z.infer<typeof hiddenWordsResponseSchema>;

const noQuery = z.object({}).strict();

export const hiddenWordsCalls = {
  "GET /api/hiddenwords.php": { querystring: noQuery, response: { 200: hiddenWordsResponseSchema } },
  "POST /api/hiddenwords.php": { body: addHiddenWordSchema, response: { 200: hiddenWordsResponseSchema } },
  "DELETE /api/hiddenwords.php": { querystring: removeHiddenWordQuerySchema, response: { 200: hiddenWordsResponseSchema } },
} as const satisfies Calls;
