import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/testApp";

// Idle connections are closed, so that a client holding sockets open cannot use up the server's.
// The real timeouts are minutes and seconds (app.ts); here they are shortened to keep the test fast.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serverTimeouts: { keepAliveTimeout: 300, connectionTimeout: 600 } });
});
afterAll(async () => {
  await t?.close();
});

/** Opens a raw connection and answers how long until the server closed it (or null after `waitMs`). */
async function closedAfter(send: string | null, waitMs: number): Promise<number | null> {
  const { port } = new URL(t.baseUrl);
  const socket: Socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const started = Date.now();
  socket.on("data", () => {});
  if (send) socket.write(send);
  const closed = await Promise.race([
    new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - started))),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
  ]);
  socket.destroy();
  return closed;
}

describe("idle connections", () => {
  it("are closed when they never send a request", async () => {
    const ms = await closedAfter(null, 5000);
    expect(ms).not.toBeNull();
    expect(ms).toBeLessThan(3000);
  });

  it("are closed after a keep-alive answer when nothing more comes", async () => {
    const ms = await closedAfter("GET /api/health.php HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n", 5000);
    expect(ms).not.toBeNull();
    expect(ms).toBeLessThan(3000);
  });
});
