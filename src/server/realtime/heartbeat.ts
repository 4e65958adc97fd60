/** What the heartbeat needs of a socket (a `ws` WebSocket). */
export interface Pingable {
  ping(): void;
  terminate(): void;
}

/**
 * Finds dead and idle sockets (a phone that lost its network, a client that answers nothing): each
 * socket is pinged once per round and dropped when nothing came from it (no pong, no frame) since the
 * previous ping. A round is spread over `slices` steps, one slice
 * of the sockets per step: pinging thousands of sockets at once would hold up the event loop (and
 * every message waiting on it) and bring all their pongs back at the same moment.
 */
export class Heartbeat<S extends Pingable> {
  private readonly slices: Array<Set<S>>;
  private readonly sliceOf = new Map<S, Set<S>>();
  private readonly alive = new WeakSet<S>();
  private nextSlice = 0;
  private step = 0;

  constructor(slices: number) {
    this.slices = Array.from({ length: slices }, () => new Set<S>());
  }

  add(socket: S): void {
    const slice = this.slices[this.nextSlice];
    this.nextSlice = (this.nextSlice + 1) % this.slices.length;
    slice.add(socket);
    this.sliceOf.set(socket, slice);
    this.alive.add(socket);
  }

  remove(socket: S): void {
    this.sliceOf.get(socket)?.delete(socket);
    this.sliceOf.delete(socket);
  }

  /** The socket answered a ping, or sent anything else: it is there. */
  pong(socket: S): void {
    this.alive.add(socket);
  }

  /** One step of a round: the next slice's sockets are dropped when silent since their last ping, or pinged. */
  beat(): void {
    const slice = this.slices[this.step];
    this.step = (this.step + 1) % this.slices.length;
    for (const socket of slice) {
      if (!this.alive.has(socket)) {
        this.remove(socket);
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }
}
