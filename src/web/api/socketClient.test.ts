import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./socketClient";

describe("socket reconnects", () => {
  it("wait longer after each failed attempt, at most 30 s", () => {
    const middle = () => 0.5;
    expect(reconnectDelay(0, middle)).toBe(1000);
    expect(reconnectDelay(3, middle)).toBe(8000);
    expect(reconnectDelay(10, middle)).toBe(30_000);
  });
});
