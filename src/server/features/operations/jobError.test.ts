import { describe, expect, it } from "vitest";
import { safeJobError } from "./jobError";

describe("a failed job's error on the operations screen", () => {
  it("keeps what helps (the cause) and drops addresses, numbers, queries and tokens", () => {
    expect(safeJobError("connect ECONNREFUSED 127.0.0.1:587")).toBe("connect ECONNREFUSED 127.0.0.1:587");
    expect(safeJobError("550 5.1.1 <anna@example.com>: Recipient address rejected\nat SMTPConnection")).toBe(
      "550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(safeJobError("POST https://push.example/send/abc?auth=secret failed")).toBe("POST https://push.example/send/abc?[…] failed");
    expect(safeJobError("SMS to +31 6 1234 5678 refused")).toBe("SMS to [number] refused");
    expect(safeJobError("token sk_live_abcdefghijklmnopqrstuvwxyz012345 invalid")).toBe("token […] invalid");
    expect(safeJobError(null)).toBeNull();
    expect(safeJobError("x".repeat(1000))?.length).toBeLessThanOrEqual(300);
  });
});
