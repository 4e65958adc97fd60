import i18next from "i18next";
import { REQUEST_RETRIES, REQUEST_RETRY_BASE_MS } from "../../common/constants";
import type { ApiCall, ApiCalls } from "../../common/apiCalls";
import type { CallAnswer, CallInput, HttpMethod } from "../../common/apiContract";
import type { ApiErrorBody, ErrorCode } from "../../common/errors";
import { useLoadingStore } from "../stores/loadingStore";

/** A failed call, with the server's code and already translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly fields: Record<string, string> = {},
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(message);
  }
}

/** A call that never reached the server: the one error text the client says itself. */
export function networkError(): ApiError {
  return new ApiError(0, "network", i18next.t("errors.network"));
}

type Listener = () => void;
const loggedOutListeners = new Set<Listener>();

/** Called when a call answers 403 authentication_required: the app turns to logged out. */
export function onLoggedOut(listener: Listener): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

/** The server's word to a banned or suspended member (their reason, and the end of a suspension). */
export interface Restriction {
  code: "account_banned" | "account_suspended";
  message: string;
  until: string | null;
  /** The key of the appeal form, while the decision behind it can be appealed. */
  appeal: string | null;
}
const restrictedListeners = new Set<(restriction: Restriction) => void>();

/** Called when a call answers that the member is banned or suspended: the app shows /pages/ban. */
export function onRestricted(listener: (restriction: Restriction) => void): () => void {
  restrictedListeners.add(listener);
  return () => restrictedListeners.delete(listener);
}

let forgetting: Promise<void> | null = null;

/** Drops the cookie of a session a ban ended (the server answers every call with it until then), once. */
function forgetSession(): Promise<void> {
  forgetting ??= fetch("/api/logout.php", { credentials: "same-origin" }).then(
    () => {},
    () => {},
  );
  return forgetting;
}

/** A login went through: a later ban of this session is told again. */
export function sessionStarted(): void {
  forgetting = null;
}

/** Header sent on user.php calls so that the server can tell the app's own calls. */
export const REQUEST_TYPE_HEADER = "X-Request-Type";
export const REQUEST_TYPE_VALUE = "spa";

/**
 * The ApiError of a failed answer's body `{error: {code, message}}`. A 403 authentication_required
 * (not from user.php, nor from the operators' console, which has its own sign-in) also tells the app
 * that the member is logged out; a ban or suspension tells it to show the ban page.
 */
export function errorFromBody(path: string, response: Response, body: unknown): ApiError {
  const error = (body as ApiErrorBody | null)?.error;
  const memberCall = !path.startsWith("/api/user.php") && !path.startsWith("/api/console/");
  if (response.status === 403 && error?.code === "authentication_required" && memberCall) {
    for (const listener of loggedOutListeners) listener();
  }
  if (response.status === 403 && (error?.code === "account_banned" || error?.code === "account_suspended")) {
    const until = typeof error.details?.until === "string" ? error.details.until : null;
    const appeal = typeof error.details?.appeal === "string" ? error.details.appeal : null;
    if (!forgetting) for (const listener of restrictedListeners) listener({ code: error.code, message: error.message, until, appeal });
    void forgetSession();
  }
  return new ApiError(response.status, error?.code ?? "internal", error?.message ?? response.statusText, error?.fields, error?.details);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as Idempotency-Key; makes a POST safe to retry. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Show the loading bar for this call (default true). */
  progress?: boolean;
}

/**
 * The one way the client talks to the API: JSON in and out, errors as ApiError, and up to 5 retries
 * with exponential delay for network failures and 5xx answers on calls that are safe to repeat.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (path.startsWith("/api/user.php")) headers[REQUEST_TYPE_HEADER] = REQUEST_TYPE_VALUE;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  const retryable = SAFE_METHODS.has(method) || Boolean(options.idempotencyKey);

  const done = options.progress === false ? () => {} : useLoadingStore.getState().start();
  let restrictedRetry = false;
  try {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          credentials: "same-origin",
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (err) {
        if (options.signal?.aborted) throw err;
        if (retryable && attempt < REQUEST_RETRIES) {
          await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
          continue;
        }
        throw networkError();
      }
      if (response.status >= 500 && retryable && attempt < REQUEST_RETRIES) {
        await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      if (response.status === 204) return undefined as T;
      const body = await response.json().catch(() => null);
      if (response.ok) return body as T;
      const error = errorFromBody(path, response, body);
      // A ban ended the session: once the cookie is dropped (forgetSession), a read asked again is a
      // visitor's, so that calls made at the same time (the settings at start) do not fail with it.
      if ((error.code === "account_banned" || error.code === "account_suspended") && method === "GET" && !restrictedRetry) {
        restrictedRetry = true;
        await forgetSession();
        continue;
      }
      throw error;
    }
  } finally {
    done();
  }
}

/** Options of a typed call besides its input. */
export type CallOptions = Omit<RequestOptions, "method" | "body" | "query">;

/** A call's arguments: its input only where it has one. */
type CallArgs<C extends ApiCall> = keyof CallInput<ApiCalls[C]> extends never
  ? [input?: CallInput<ApiCalls[C]>, options?: CallOptions]
  : // biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every property of T is optional.
    {} extends CallInput<ApiCalls[C]>
    ? [input?: CallInput<ApiCalls[C]>, options?: CallOptions]
    : [input: CallInput<ApiCalls[C]>, options?: CallOptions];

/**
 * A call of the API by its contract ("METHOD /path", src/common/apiCalls.ts): path parameters, query,
 * body and answer typed from the same zod schemas the server's route validates with. Goes through api().
 */
export function call<C extends ApiCall>(endpoint: C, ...[input, options]: CallArgs<C>): Promise<CallAnswer<ApiCalls[C]>> {
  const space = endpoint.indexOf(" ");
  const method = endpoint.slice(0, space) as HttpMethod;
  // Through unknown: with this many calls, the union of every call's input is too complex for TypeScript to compare.
  const { params, query, body } = ((input as unknown) ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions["query"]; body?: unknown };
  // A key may name the query that routes the call ("POST /api/user.php?push=1"); its contract makes the caller send it.
  const pattern = endpoint.slice(space + 1).split("?")[0];
  return api<CallAnswer<ApiCalls[C]>>(pathOf(pattern, params), { ...options, method, query, body });
}

/** A contract's path with its parameters (":id") filled in, each encoded as one path segment. */
export function pathOf(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
