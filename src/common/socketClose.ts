// The socket's close codes, apart from the event schemas (schemas/realtime.ts), so that the page's
// socket client needs only these numbers, not the schemas' code.

/** Close codes of the socket (GET /api/socket). The client reconnects after any other. */
export const SOCKET_CLOSE = {
  /** Not logged in (any more): the app notices through its next call. */
  unauthenticated: 4401,
  /** The member opened more sockets than one instance holds for them; the oldest gave way (the app polls instead). */
  tooManySockets: 4429,
  /** Kept sending events over its budget (RFC 6455: policy violation). */
  flooding: 1008,
  /** A frame over the size limit (RFC 6455: message too big; the ws library closes with it). */
  tooBig: 1009,
  /** Live events are unavailable for now (Redis away): the page polls and reconnects with its backoff. */
  tryAgainLater: 1013,
  /** This instance is shutting down (RFC 6455: service restart): the page reconnects, through the balancer, to another. */
  serviceRestart: 1012,
} as const;

/** Close codes after which the client does not open a new socket by itself. */
export const SOCKET_FINAL_CLOSE_CODES: readonly number[] = [SOCKET_CLOSE.unauthenticated, SOCKET_CLOSE.tooManySockets];
