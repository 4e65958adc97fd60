import { create } from "zustand";
import type { ClientEvent, ServerEvent } from "../../common/schemas/realtime";
import { SOCKET_FINAL_CLOSE_CODES } from "../../common/socketClose";

interface SocketState {
  connected: boolean;
}

/** Whether the live connection is up; while it is down, the app polls (spec section 4). */
export const useSocketStore = create<SocketState>(() => ({ connected: false }));

type Listener = (event: ServerEvent) => void;
const listeners = new Set<Listener>();

let socket: WebSocket | null = null;
let retry = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let wanted = false;

/** Calls `listener` for every live event; returns the unsubscribe function. */
export function onServerEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Delay before reconnect attempt n: 1 s, 2 s, 4 s... at most 30 s, with some jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + random() * 0.5);
}

function open(): void {
  if (!wanted || socket) return;
  const url = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/api/socket`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onmessage = (message) => {
    let event: { type: string };
    try {
      event = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (event.type === "ready") {
      retry = 0;
      useSocketStore.setState({ connected: true });
      return;
    }
    for (const listener of listeners) listener(event as ServerEvent);
  };
  ws.onclose = (close) => {
    socket = null;
    useSocketStore.setState({ connected: false });
    // Not logged in (any more): the app notices through its next call. Too many sockets (tabs) of the
    // member: this oldest one gave way, and reconnecting would push out another; the app polls.
    if (!wanted || SOCKET_FINAL_CLOSE_CODES.includes(close.code)) return;
    retryTimer = setTimeout(open, reconnectDelay(retry++));
  };
}

let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Keeps a live connection while something needs it (both page layouts do, for a logged-in member).
 * Returns the release function; the socket closes shortly after the last release, so that moving
 * between layouts does not reconnect.
 */
export function holdSocket(): () => void {
  users += 1;
  if (closeTimer) clearTimeout(closeTimer);
  wanted = true;
  open();
  return () => {
    users -= 1;
    if (users > 0) return;
    closeTimer = setTimeout(() => {
      if (users > 0) return;
      wanted = false;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close(1000);
      socket = null;
      useSocketStore.setState({ connected: false });
    }, 1000);
  };
}

export function sendSocketEvent(event: ClientEvent): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
}
