import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

export type MessageHandler = (message: string) => void;

/**
 * Events between app instances (a member changed, a new chat message, typing...). In process for the
 * embedded default, Redis pub/sub in production, so that every instance hears every event.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: MessageHandler): Promise<() => void>;
  close(): Promise<void>;
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

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub; a subscribing connection can do nothing else, so it has its own. */
export class RedisPubSub implements PubSub {
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<MessageHandler>>();

  constructor(
    private readonly publisher: Redis,
    /** Keeps the channels of one deployment (or one test) apart from others on the same Redis. */
    private readonly prefix = "",
  ) {
    // Subscribe commands are not pipelined (the connection is in subscriber mode).
    this.subscriber = publisher.duplicate({ enableAutoPipelining: false });
    this.subscriber.on("message", (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    // Errors surface as failed publishes; a subscriber reconnects by itself and resubscribes.
    this.subscriber.on("error", () => {});
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => void> {
    const key = this.prefix + channel;
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      await this.subscriber.subscribe(key);
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

  async close(): Promise<void> {
    this.subscriber.disconnect();
  }
}
