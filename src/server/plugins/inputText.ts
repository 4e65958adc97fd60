import type { FastifyInstance, FastifyRequest } from "fastify";
import { isStorableText } from "../../common/plainText";
import { AppError } from "../errors";

/**
 * Where text no field may hold (a NUL byte, half of a UTF-16 pair) sits in a request's query, path
 * or JSON body: the field's path ("tracking.ref"), "body" for the body itself, or null. Walks
 * without recursion, so that a deeply nested body cannot exhaust the stack.
 */
export function unstorableField(input: unknown): string | null {
  const stack: Array<[unknown, string]> = [[input, ""]];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === "string") {
      if (!isStorableText(value)) return path || "body";
    } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (!isStorableText(key)) return path || "body";
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * Every route refuses such text with one localised 400 before validation, whatever its schema says:
 * PostgreSQL cannot store a NUL in text, and a lone surrogate becomes U+FFFD on the way to the database.
 */
export function registerInputTextCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    // No route: a page of the web client (its query is the client's business) or a 404.
    if (request.is404) return;
    const field = unstorableField(request.params) ?? unstorableField(request.query) ?? unstorableField(request.body);
    if (field) throw new AppError(400, "text_invalid", undefined, field);
  });
}
