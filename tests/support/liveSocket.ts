import WebSocket, { type ClientOptions } from "ws";
import type { ServerEvent } from "../../src/common/schemas/realtime";
import type { TestApp, TestClient } from "./testApp";

/** A member's page holding the live socket: what arrived, and how it closed. */
export interface LivePage {
  events: ServerEvent[];
  socket: WebSocket;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  next(type: string): Promise<ServerEvent>;
}

/** The socket address of a test app. */
export const socketUrl = (app: TestApp) => `${app.baseUrl.replace("http", "ws")}/api/socket`;

/**
 * Opens the live socket as a page of the site does: the member's cookie and the site's own Origin
 * (browsers always send it on an upgrade). Resolves once the server said "ready".
 */
export async function connect(app: TestApp, client: TestClient, options: ClientOptions = {}): Promise<LivePage> {
  const socket = new WebSocket(socketUrl(app), {
    ...options,
    headers: { cookie: `auth=${client.cookies.get("auth")}`, origin: app.siteUrl, ...options.headers },
  });
  const events: ServerEvent[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString());
      if (event.type === "ready") resolve();
      else events.push(event);
    });
    socket.on("error", reject);
    void closed.then((code) => reject(new Error(`socket closed with ${code} before it was ready`)));
  });
  return {
    events,
    socket,
    closed,
    async next(type) {
      for (let i = 0; i < 100; i++) {
        const found = events.find((e) => e.type === type);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${type} event`);
    },
  };
}

/** How an upgrade without a usable socket ended: the HTTP status it was refused with, or the close code. */
export function refusal(socket: WebSocket): Promise<{ status?: number; code?: number; opened: boolean }> {
  let opened = false;
  socket.on("open", () => {
    opened = true;
  });
  return new Promise((resolve) => {
    socket.on("unexpected-response", (_request, response) => {
      resolve({ status: response.statusCode, opened });
      socket.terminate();
    });
    socket.on("close", (code) => resolve({ code, opened }));
    socket.on("error", () => {});
  });
}
