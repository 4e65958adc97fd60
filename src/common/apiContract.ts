import type { z } from "zod";

// The API's calls as both sides see them: each feature's schemas file declares its calls
// ("METHOD /path" → the schemas of path parameters, query, body and answer; a path names its
// parameters as the server's router does, "/api/console/members/:id"); the server's routes take their
// schemas from there and the web client's `call()` its types, so that neither can drift from the other.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One call: the schemas its route validates and answers with. */
export interface CallContract {
  /** The parameters the path names (":id"). */
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: { 200: z.ZodType };
}

/** A feature's calls, keyed by "METHOD /path" (declare them `as const satisfies Calls`). */
export type Calls = Record<`${HttpMethod} /${string}`, CallContract>;

/**
 * What the client sends for a schema: what it takes, with numbers where it coerces whatever comes to a
 * number (zod types such fields' input as unknown).
 */
type Sendable<I, O> = I extends object ? { [K in keyof I]: unknown extends I[K] ? (O extends unknown ? (K extends keyof O ? O[K] : never) : never) : I[K] } : I;
type InputOf<S extends z.ZodType> = Sendable<z.input<S>, z.output<S>>;

/** What a call sends: its path parameters, its query and its JSON body, each where the call has one. */
export type CallInput<C extends CallContract> = (C extends { params: infer P extends z.ZodType } ? { params: InputOf<P> } : { params?: never }) &
  (C extends { querystring: infer Q extends z.ZodType } ? Part<"query", InputOf<Q>> : { query?: never }) &
  (C extends { body: infer B extends z.ZodType } ? Part<"body", InputOf<B>> : { body?: never });

/** A part of the input, optional where everything in it is. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every property of T is optional.
type Part<K extends string, T> = {} extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call answers (200). */
export type CallAnswer<C extends CallContract> = z.output<C["response"][200]>;
