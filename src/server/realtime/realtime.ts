import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import {
  SOCKET_EVENTS_BURST,
  SOCKET_EVENTS_PER_SECOND,
  SOCKET_FLOOD_DROPS,
  SOCKET_HEARTBEAT_MS,
  SOCKETS_PER_MEMBER,
  TYPING_EVENT_EVERY_MS,
  CALL_SIGNAL_MAX_CHARS,
} from "../../common/constants";
import { ACTIVITY_WRITE_EVERY_MS } from "../../common/activity";
import { clientEventSchema, SOCKET_CLOSE, type ServerEvent } from "../../common/schemas/realtime";
import type { CallSignal } from "../../common/schemas/calls";
import type { PubSub } from "../adapters/pubsub";
import { AppError, notFound } from "../errors";
import { EventBudget, type EventBudgetLimits } from "./eventBudget";
import { Heartbeat } from "./heartbeat";
import { isOwnOrigin } from "./ownOrigin";
import { TypingThrottle } from "./typingThrottle";

const channel = (memberId: number) => `member:${memberId}`;

/** How long a flooding socket's close frame is given to go out before the connection is cut. */
const FLOOD_CUT_AFTER_MS = 500;

/**
 * Closes a flooding socket (1008) and reads nothing more from it: a client that sent 50,000 events
 * has megabytes of them on the way, which the server would otherwise parse, one by one, until the
 * client's own close frame came behind them. The connection is cut once the close frame has had time
 * to go out (the client still learns why).
 */
function cutOff(socket: WebSocket): void {
  socket.close(SOCKET_CLOSE.flooding, "too_many_events");
  socket.pause();
  setTimeout(() => socket.terminate(), FLOOD_CUT_AFTER_MS).unref();
}

/** The limits of the live connection (src/common/constants.ts); tests shorten them. */
export interface RealtimeOptions {
  /** A heartbeat round: each socket is pinged once per round, in `heartbeatSlices` steps (see Heartbeat). */
  heartbeatMs: number;
  heartbeatSlices: number;
  socketsPerMember: number;
  budget: EventBudgetLimits;
  typingEveryMs: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: SOCKET_HEARTBEAT_MS,
  heartbeatSlices: 30,
  socketsPerMember: SOCKETS_PER_MEMBER,
  budget: { burst: SOCKET_EVENTS_BURST, perSecond: SOCKET_EVENTS_PER_SECOND, closeAfterDrops: SOCKET_FLOOD_DROPS },
  typingEveryMs: TYPING_EVENT_EVERY_MS,
};

/** What the live connection asks of the rest of the server. */
export interface RealtimeDeps {
  /** May this member signal typing in this conversation? Answers the partner's id, or null. */
  typingPartner(memberId: number, conversationId: number): Promise<number | null>;
  /** Relays a call's signal to the other member of the call, when the member is one of its two and it talks (CallsService.relay). */
  callSignal?(memberId: number, callId: number, signal: CallSignal): Promise<void>;
  /** A page of the member's in this call is still there. */
  callAlive?(memberId: number, callId: number): Promise<void>;
  /** Which of these sessions are still live. */
  liveSessions(sessionIds: number[]): Promise<Set<number>>;
  /** The member is here (a socket opened or answered): for "online now", called at most every ACTIVITY_WRITE_EVERY_MS. */
  active?(memberId: number): Promise<void>;
}

/** Told to a member's sockets on every instance when sessions of theirs ended; never sent to a client. */
const SESSIONS_ENDED = JSON.stringify({ type: "sessions-ended" });

/** One member's sockets on this instance (oldest first, each with its session), and the subscription that feeds them. */
interface MemberSockets {
  sockets: Map<WebSocket, number>;
  typing: TypingThrottle;
  /** When the member's activity was last written from this instance (ms). */
  activeAt: number;
  subscription: Promise<() => void>;
}

/**
 * Live events for members: every instance holds the sockets of the members connected to it and
 * hears, through pub/sub, the events of those members wherever they were raised.
 *
 * While pub/sub is not live (Redis away), an open socket would look live to its page but carry
 * nothing, and a page with a live socket does not poll: so sockets are closed then, and new ones
 * refused, until pub/sub is live again. Pages poll meanwhile and reconnect by themselves.
 */
export class Realtime {
  private readonly members = new Map<number, MemberSockets>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private shuttingDown = false;
  private readonly heartbeat: Heartbeat<WebSocket>;
  private readonly options: RealtimeOptions;

  constructor(
    private readonly pubsub: PubSub,
    private readonly deps: RealtimeDeps,
    options: Partial<RealtimeOptions> = {},
  ) {
    this.options = { ...DEFAULT_REALTIME_OPTIONS, ...options };
    this.heartbeat = new Heartbeat<WebSocket>(this.options.heartbeatSlices);
    pubsub.onLiveChange((live) => {
      if (!live) this.closeAll(SOCKET_CLOSE.tryAgainLater, "live events unavailable");
    });
  }

  /** Sends an event to every open page of a member, on any instance. Never fails (see PubSub.publish). */
  async publish(memberId: number, event: ServerEvent): Promise<void> {
    await this.pubsub.publish(channel(memberId), JSON.stringify(event));
  }

  /**
   * Sessions of the member ended (logged out elsewhere, account secured): their sockets, on every
   * instance, are closed (4401), as their next request would be refused.
   */
  async sessionsEnded(memberId: number): Promise<void> {
    await this.pubsub.publish(channel(memberId), SESSIONS_ENDED);
  }

  /**
   * The instance is shutting down: its pages are told to reconnect (1012), which takes them, through
   * the balancer, to another instance; a socket opened from now on is told the same at once.
   */
  shutDown(): void {
    this.shuttingDown = true;
    this.closeAll(SOCKET_CLOSE.serviceRestart, "server restarting");
  }

  /** Connected sockets on this instance (for benchmarks and health). */
  connections(): number {
    let n = 0;
    for (const member of this.members.values()) n += member.sockets.size;
    return n;
  }

  register(app: FastifyInstance): void {
    app.route({
      method: "GET",
      url: "/api/socket",
      // A visitor's socket is refused with a close code (wsHandler), which the app reads, not an HTTP 403.
      config: { auth: "visitor" },
      schema: { hide: true },
      // Before the upgrade, so that a page of another site gets no socket at all (an HTTP 403, where
      // a close code would first open the socket and tell that page whether the member is logged in).
      onRequest: async (request) => {
        // Only an upgrade opens a socket; a plain GET goes on to the 404 below like any other request.
        if (request.headers.upgrade && !isOwnOrigin(request.headers.origin, request.site.domain)) throw new AppError(403, "origin_not_allowed");
      },
      // A plain GET (no upgrade) is no page: the usual 404 answer, not an empty one.
      handler: async () => {
        throw notFound();
      },
      wsHandler: (socket, request) => {
        if (!request.member) {
          socket.close(SOCKET_CLOSE.unauthenticated, "authentication_required");
          return;
        }
        if (this.shuttingDown) {
          socket.close(SOCKET_CLOSE.serviceRestart, "server restarting");
          return;
        }
        if (!this.pubsub.isLive()) {
          socket.close(SOCKET_CLOSE.tryAgainLater, "live events unavailable");
          return;
        }
        const memberId = request.member.user.id;
        const budget = new EventBudget(this.options.budget);
        void this.add(memberId, request.member.sessionId, socket);
        socket.on("message", (data, isBinary) => {
          if (socket.readyState !== socket.OPEN) return;
          // Any frame shows the other end is there, like a pong.
          this.heartbeat.pong(socket);
          this.present(memberId);
          const verdict = budget.take();
          if (verdict === "close") cutOff(socket);
          if (verdict !== "accept" || isBinary) return;
          void this.receive(memberId, data.toString());
        });
        socket.on("pong", () => {
          this.heartbeat.pong(socket);
          this.present(memberId);
        });
        socket.on("close", () => this.remove(memberId, socket));
        // The ws library closes the socket itself after a protocol error (such as 1009, a frame over
        // the size limit) and has sent its close frame: only a socket still open is cut here.
        socket.on("error", () => {
          if (socket.readyState === socket.OPEN) socket.terminate();
        });
      },
    });
    this.heartbeatTimer = setInterval(() => this.heartbeat.beat(), this.options.heartbeatMs / this.options.heartbeatSlices);
    this.heartbeatTimer.unref();
    app.addHook("onClose", async () => {
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      this.closeAll(1001, "server shutting down");
    });
  }

  private closeAll(code: number, reason: string): void {
    for (const member of this.members.values()) for (const socket of member.sockets.keys()) socket.close(code, reason);
  }

  private async add(memberId: number, sessionId: number, socket: WebSocket): Promise<void> {
    this.heartbeat.add(socket);
    let member = this.members.get(memberId);
    if (!member) {
      member = {
        sockets: new Map(),
        typing: new TypingThrottle(this.options.typingEveryMs),
        activeAt: 0,
        subscription: this.pubsub.subscribe(channel(memberId), (message) => this.deliver(memberId, message)),
      };
      this.members.set(memberId, member);
    }
    // A bounded number per member: the oldest gives way (a tab left open long ago).
    if (member.sockets.size >= this.options.socketsPerMember) {
      const [oldest] = member.sockets.keys();
      member.sockets.delete(oldest);
      this.heartbeat.remove(oldest);
      oldest.close(SOCKET_CLOSE.tooManySockets, "too_many_sockets");
    }
    member.sockets.set(socket, sessionId);
    this.present(memberId);
    try {
      await member.subscription;
    } catch {
      // Pub/sub is down: no live events to give; the page polls and tries again later.
      if (socket.readyState === socket.OPEN) socket.close(SOCKET_CLOSE.tryAgainLater, "live events unavailable");
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    // Pub/sub may have gone while subscribing: no "ready" then (see the class comment).
    if (!this.pubsub.isLive()) socket.close(SOCKET_CLOSE.tryAgainLater, "live events unavailable");
    else socket.send(JSON.stringify({ type: "ready" }));
  }

  /** A member with an open page is active: their last activity is written now and then while it stays open. */
  private present(memberId: number): void {
    const member = this.members.get(memberId);
    if (!member || !this.deps.active || Date.now() - member.activeAt < ACTIVITY_WRITE_EVERY_MS) return;
    member.activeAt = Date.now();
    void this.deps.active(memberId).catch(() => {});
  }

  private remove(memberId: number, socket: WebSocket): void {
    this.heartbeat.remove(socket);
    const member = this.members.get(memberId);
    if (!member?.sockets.delete(socket) || member.sockets.size > 0) return;
    this.members.delete(memberId);
    void member.subscription.then((unsubscribe) => unsubscribe()).catch(() => {});
  }

  private deliver(memberId: number, message: string): void {
    if (message === SESSIONS_ENDED) {
      void this.closeEndedSessions(memberId);
      return;
    }
    for (const socket of this.members.get(memberId)?.sockets.keys() ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  private async closeEndedSessions(memberId: number): Promise<void> {
    const member = this.members.get(memberId);
    if (!member) return;
    const live = await this.deps.liveSessions([...new Set(member.sockets.values())]).catch(() => null);
    if (!live) return;
    for (const [socket, sessionId] of member.sockets) {
      if (!live.has(sessionId)) socket.close(SOCKET_CLOSE.unauthenticated, "authentication_required");
    }
  }

  private async receive(memberId: number, raw: string): Promise<void> {
    // Only a call's session description is long; its schema limits it again.
    if (raw.length > CALL_SIGNAL_MAX_CHARS + 200 || (raw.length > 1000 && !raw.includes('"call-signal"'))) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const event = clientEventSchema.safeParse(parsed);
    if (!event.success) return;
    if (event.data.type === "typing") {
      // Coalesced before the query: the partner hears of it once per conversation and window.
      if (!this.members.get(memberId)?.typing.allow(event.data.conversation)) return;
      const partner = await this.deps.typingPartner(memberId, event.data.conversation).catch(() => null);
      if (partner) await this.publish(partner, { type: "typing", conversation: event.data.conversation, from: memberId });
    } else if (event.data.type === "call-signal") {
      await this.deps.callSignal?.(memberId, event.data.call, event.data.signal).catch(() => {});
    } else if (event.data.type === "call-alive") {
      await this.deps.callAlive?.(memberId, event.data.call).catch(() => {});
    }
  }
}
