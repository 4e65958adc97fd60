import { describe, expect, it } from "vitest";
import { SOCKET_CLOSE, SOCKET_FINAL_CLOSE_CODES } from "../../common/schemas/realtime";
import { reconnectDelay } from "./socketClient";

describe("socket reconnects", () => {
  it("wait longer after each failed attempt, at most 30 s", () => {
    const middle = () => 0.5;
    expect(reconnectDelay(0, middle)).toBe(1000);
    expect(reconnectDelay(3, middle)).toBe(8000);
    expect(reconnectDelay(10, middle)).toBe(30_000);
  });

  it("follow an instance that shuts down (1012) or has no live events (1013), after a first attempt's delay", () => {
    // A page that was live starts again from attempt 0: about a second, then the balancer picks an instance.
    expect(SOCKET_FINAL_CLOSE_CODES).not.toContain(SOCKET_CLOSE.serviceRestart);
    expect(SOCKET_FINAL_CLOSE_CODES).not.toContain(SOCKET_CLOSE.tryAgainLater);
    expect(reconnectDelay(0, () => 1)).toBeLessThanOrEqual(1250);
  });
});
