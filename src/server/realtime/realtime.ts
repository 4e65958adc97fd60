import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { clientEventSchema, type ServerEvent } from "../../common/schemas/realtime";
import type { PubSub } from "../adapters/pubsub";
import { notFound } from "../errors";
import { Heartbeat } from "./heartbeat";

const channel = (memberId: number) => `member:${memberId}`;
/** Each socket is pinged this often; a round goes in HEARTBEAT_SLICES steps (see Heartbeat). */
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_SLICES = 30;

/**
 * Live events for members: every instance holds the sockets of the members connected to it and
 * hears, through pub/sub, the events of those members wherever they were raised.
 */
export class Realtime {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly unsubscribe = new Map<number, () => void>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly heartbeat = new Heartbeat<WebSocket>(HEARTBEAT_SLICES);

  constructor(
    private readonly pubsub: PubSub,
    /** May this member signal typing in this conversation? Answers the partner's id, or null. */
    private readonly typingPartner: (memberId: number, conversationId: number) => Promise<number | null>,
  ) {}

  /** Sends an event to every open page of a member, on any instance. */
  async publish(memberId: number, event: ServerEvent): Promise<void> {
    await this.pubsub.publish(channel(memberId), JSON.stringify(event));
  }

  /** Connected sockets on this instance (for benchmarks and health). */
  connections(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  register(app: FastifyInstance): void {
    app.route({
      method: "GET",
      url: "/api/socket",
      schema: { hide: true },
      // A plain GET (no upgrade) is no page: the usual 404 answer, not an empty one.
      handler: async () => {
        throw notFound();
      },
      wsHandler: (socket, request) => {
        const memberId = request.member?.user.id;
        if (!memberId) {
          socket.close(4401, "authentication_required");
          return;
        }
        void this.add(memberId, socket);
        socket.on("message", (data) => void this.receive(memberId, data.toString()));
        socket.on("pong", () => this.heartbeat.pong(socket));
        socket.on("close", () => this.remove(memberId, socket));
        socket.on("error", () => socket.terminate());
      },
    });
    this.heartbeatTimer = setInterval(() => this.heartbeat.beat(), HEARTBEAT_MS / HEARTBEAT_SLICES);
    this.heartbeatTimer.unref();
    app.addHook("onClose", async () => {
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, "server shutting down");
    });
  }

  private async add(memberId: number, socket: WebSocket): Promise<void> {
    this.heartbeat.add(socket);
    let set = this.sockets.get(memberId);
    if (!set) {
      set = new Set();
      this.sockets.set(memberId, set);
      this.unsubscribe.set(memberId, await this.pubsub.subscribe(channel(memberId), (message) => this.deliver(memberId, message)));
    }
    set.add(socket);
    socket.send(JSON.stringify({ type: "ready" }));
  }

  private remove(memberId: number, socket: WebSocket): void {
    this.heartbeat.remove(socket);
    const set = this.sockets.get(memberId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) {
      this.sockets.delete(memberId);
      this.unsubscribe.get(memberId)?.();
      this.unsubscribe.delete(memberId);
    }
  }

  private deliver(memberId: number, message: string): void {
    for (const socket of this.sockets.get(memberId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  private async receive(memberId: number, raw: string): Promise<void> {
    if (raw.length > 1000) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const event = clientEventSchema.safeParse(parsed);
    if (!event.success) return;
    if (event.data.type === "typing") {
      const partner = await this.typingPartner(memberId, event.data.conversation).catch(() => null);
      if (partner) await this.publish(partner, { type: "typing", conversation: event.data.conversation, from: memberId });
    }
  }
}
