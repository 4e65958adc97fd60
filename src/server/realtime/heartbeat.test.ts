import { describe, expect, it } from "vitest";
import { Heartbeat } from "./heartbeat";

function fakeSocket() {
  return {
    pings: 0,
    terminated: false,
    ping() {
      this.pings += 1;
    },
    terminate() {
      this.terminated = true;
    },
  };
}

describe("the heartbeat", () => {
  it("pings each socket once per round, a slice per step", () => {
    const heartbeat = new Heartbeat<ReturnType<typeof fakeSocket>>(3);
    const sockets = Array.from({ length: 6 }, fakeSocket);
    for (const s of sockets) heartbeat.add(s);
    heartbeat.beat();
    expect(sockets.map((s) => s.pings)).toEqual([1, 0, 0, 1, 0, 0]);
    heartbeat.beat();
    heartbeat.beat();
    expect(sockets.map((s) => s.pings)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("drops a socket that did not answer its last ping, and keeps one that did", () => {
    const heartbeat = new Heartbeat<ReturnType<typeof fakeSocket>>(2);
    const [answers, silent, closed] = [fakeSocket(), fakeSocket(), fakeSocket()];
    heartbeat.add(answers);
    heartbeat.add(closed);
    heartbeat.add(silent);
    heartbeat.remove(closed);
    heartbeat.beat(); // answers and silent are pinged
    heartbeat.pong(answers);
    heartbeat.beat(); // the other slice (empty now)
    heartbeat.beat();
    expect(answers).toMatchObject({ pings: 2, terminated: false });
    expect(silent).toMatchObject({ pings: 1, terminated: true });
    expect(closed).toMatchObject({ pings: 0, terminated: false });
    heartbeat.beat();
    heartbeat.beat();
    expect(silent.pings).toBe(1);
  });
});
