import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { watchConnection } from "./redisClient";

export type MessageHandler = (message: string) => void;

/**
 * Events between app instances (a member changed, a new chat message, typing...). In process for the
 * embedded default, Redis pub/sub in production, so that every instance hears every event.
 */
export interface PubSub {
  /**
   * Sends an event to every instance. Never fails: events are published after a change was
   * committed, and a lost event must not turn that change's success into a failure (pages catch
   * up by polling; cached members expire). A lost event is logged.
   */
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that stops the subscription. Never fails: while Redis is away, the subscription starts when it is back. */
  subscribe(channel: string, handler: MessageHandler): Promise<() => void>;
  /** Whether events published on any instance reach this one's subscriptions now. */
  isLive(): boolean;
  /** Calls `listener` each time isLive() changes; returns a function that stops it. */
  onLiveChange(listener: (live: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Resolves when the pub/sub is live, or after `ms` (a start while Redis is away goes on without it). */
export function whenLive(pubsub: PubSub, ms: number): Promise<void> {
  if (pubsub.isLive()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = pubsub.onLiveChange((live) => {
      if (live) done();
    });
  });
}

export class InProcessPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => void> {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  isLive(): boolean {
    return true;
  }

  /** Always live: nothing to tell. */
  onLiveChange(_listener: (live: boolean) => void): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub; a subscribing connection can do nothing else, so it has its own. The channels to
 * hear are kept here, and subscribed again whenever that connection is (re)established: this list,
 * not ioredis's (which only knows the subscriptions Redis confirmed), also holds the channels asked
 * for while Redis was away.
 */
export class RedisPubSub implements PubSub {
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly liveListeners = new Set<(live: boolean) => void>();
  private live = false;
  /** Publishes that failed since the last one that went through (logged once, then counted). */
  private lostEvents = 0;

  constructor(
    private readonly publisher: Redis,
    /** Keeps the channels of one deployment (or one test) apart from others on the same Redis. */
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Subscribe commands are not pipelined (the connection is in subscriber mode).
    this.subscriber = publisher.duplicate({ enableAutoPipelining: false, autoResubscribe: false });
    watchConnection(this.subscriber, log, "redis subscriber");
    this.subscriber.on("message", (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    this.subscriber.on("ready", () => void this.subscribeAll());
    this.subscriber.on("close", () => this.setLive(false));
  }

  async publish(channel: string, message: string): Promise<void> {
    try {
      await this.publisher.publish(this.prefix + channel, message);
      if (this.lostEvents > 0) this.log.info(`redis: publishing again; ${this.lostEvents} events were lost while it was away`);
      this.lostEvents = 0;
    } catch (err) {
      // The channel names the kind of event and a member id, never its content.
      if (this.lostEvents === 0) this.log.warn({ channel, err: (err as Error).message }, "redis: event not published; pages catch up by polling");
      this.lostEvents += 1;
    }
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => void> {
    const key = this.prefix + channel;
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      // While the connection is down, subscribeAll() takes the channel when it is back.
      if (this.subscriber.status === "ready") await this.subscriber.subscribe(key).catch(() => this.resubscribe());
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(key) === set) {
        this.handlers.delete(key);
        void this.subscriber.unsubscribe(key).catch(() => {});
      }
    };
  }

  isLive(): boolean {
    return this.live;
  }

  onLiveChange(listener: (live: boolean) => void): () => void {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.liveListeners.clear();
    this.subscriber.disconnect();
  }

  private async subscribeAll(): Promise<void> {
    const channels = [...this.handlers.keys()];
    try {
      if (channels.length > 0) await this.subscriber.subscribe(...channels);
      this.setLive(true);
    } catch {
      this.resubscribe();
    }
  }

  /** A subscribe failed on an open connection: start it over, so that every channel is subscribed again. */
  private resubscribe(): void {
    this.setLive(false);
    if (this.subscriber.status === "ready") this.subscriber.disconnect(true);
  }

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    for (const listener of this.liveListeners) listener(live);
  }
}
