import { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

/** Where a log line goes: pino writes each line to it (stdout by default). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Field names whose values never reach the log, wherever they sit (top level or one level down:
 * `{ body: { password } }`, `{ headers: { cookie } }`): passwords, tokens and codes, cookies and
 * authorization, push keys, and message text. `code` is among them (a direct-debit or discount
 * code), so the error serializer below keeps an error's own code as `errorCode`.
 */
const SECRET_KEYS = [
  "password",
  "password_confirm",
  "old_password",
  "token",
  "code",
  "discount_code",
  "secret",
  "keys",
  "auth",
  "authorization",
  "cookie",
  "set-cookie",
  "text",
  "body",
  "payload",
] as const;

export const LOG_REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`]),
  ...SECRET_KEYS.map((key) => `*.headers["${key}"]`),
  ...SECRET_KEYS.map((key) => `*.body["${key}"]`),
];

/** Paths whose last segment is a token: a shared date's link (/date/<token>). */
const TOKEN_PATH = /^\/date\/[^/?]+/;

/** A URL with the values of its query left out: links carry tokens (activation, unsubscribe, login links); so does a shared date's path. */
export function loggedUrl(rawUrl: string): string {
  const url = rawUrl.replace(TOKEN_PATH, "/date/…");
  const at = url.indexOf("?");
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split("&")
    .map((pair) => pair.split("=")[0])
    .filter(Boolean);
  return `${url.slice(0, at)}?${names.map((name) => `${name}=…`).join("&")}`;
}

const serializers = {
  // Method, path and route only: no headers (cookies, authorization), no query values, no body.
  req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request.url), route: request.routeOptions?.url }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: (err: Error & { code?: unknown; statusCode?: number }) => ({
    type: err.name,
    message: err.message,
    stack: err.stack ?? "",
    errorCode: typeof err.code === "string" || typeof err.code === "number" ? err.code : undefined,
    statusCode: err.statusCode,
  }),
};

/**
 * Fastify's logging options for a log level: the logger (redacted and serialized as above, to
 * `destination`, stdout by default), its own two lines per request off (registerRequestLogging writes
 * one, and not for every request), and request loggers made only when used.
 */
export function loggingOptions(level: string, destination?: LogDestination): Pick<FastifyServerOptions, "logger" | "logController" | "childLoggerFactory"> {
  if (level === "silent") return { logger: false };
  return {
    logger: { level, redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" }, serializers, ...(destination ? { stream: destination } : {}) },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
  };
}

type LogMethod = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type ChildArgs = Parameters<FastifyBaseLogger["child"]>;

/**
 * The request's logger (request.log), made only when the request logs something at an enabled
 * level. Fastify makes a pino child logger per request, with its bindings serialized and redacted:
 * with 1% of requests logged, that was most of what logging cost (bench/logCost.bench.ts).
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean },
    private readonly bindings: ChildArgs[0],
    private readonly options: NonNullable<ChildArgs[1]>,
  ) {}

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]) {
    this.log("fatal", args);
  }
  error(...args: unknown[]) {
    this.log("error", args);
  }
  warn(...args: unknown[]) {
    this.log("warn", args);
  }
  info(...args: unknown[]) {
    this.log("info", args);
  }
  debug(...args: unknown[]) {
    this.log("debug", args);
  }
  trace(...args: unknown[]) {
    this.log("trace", args);
  }
  silent() {}

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.real().child(...args);
  }

  private log(level: LogMethod, args: unknown[]): void {
    if (this.made || this.parent.isLevelEnabled?.(level) !== false) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  private real(): FastifyBaseLogger {
    if (!this.made) this.made = this.parent.child(this.bindings, this.options);
    return this.made;
  }
}

const lazyChildLogger = (logger: FastifyBaseLogger, bindings: ChildArgs[0], options: NonNullable<ChildArgs[1]>): FastifyBaseLogger =>
  new LazyChildLogger(logger, bindings, options);

export interface RequestLogOptions {
  /** A request slower than this is logged (warn) whatever the sample. */
  slowMs: number;
  /** Share of the other requests logged (info): 1 logs every request, 0.01 one in a hundred. */
  sampleRate: number;
}

/**
 * One line per logged request, instead of Fastify's two per request: server errors (error), slow
 * requests (warn), and a sample of the rest (info).
 * Writing two lines for every request cost a third of the throughput of cheap routes.
 */
export function registerRequestLogging(app: FastifyInstance, { slowMs, sampleRate }: RequestLogOptions): void {
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) request.log.error({ req: request, res: reply, responseTime: ms }, "request answered with a server error");
    else if (ms > slowMs) request.log.warn({ req: request, res: reply, responseTime: ms }, "slow request");
    else if (sampleRate > 0 && Math.random() < sampleRate) request.log.info({ req: request, res: reply, responseTime: ms }, "request completed");
  });
}
