import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { iceServersFor } from "./iceServers";

describe("ICE servers of a call", () => {
  it("hands out coturn's time-limited credentials for the member, never the shared secret", () => {
    const ice = {
      stunUrls: ["stun:turn.example:3478"],
      turn: { urls: ["turn:turn.example:3478"], secret: "a-long-shared-secret", ttlSeconds: 600 },
      relayOnly: true,
    };
    const answer = iceServersFor(ice, 42, 1_000_000_000_000);
    expect(answer.ice_servers[0]).toEqual({ urls: ["stun:turn.example:3478"] });
    const turn = answer.ice_servers[1];
    expect(turn.username).toBe(`${1_000_000_000 + 600}:42`);
    expect(turn.credential).toBe(
      createHmac("sha1", "a-long-shared-secret")
        .update(turn.username ?? "")
        .digest("base64"),
    );
    expect(JSON.stringify(answer)).not.toContain("a-long-shared-secret");
    expect(answer.ice_transport_policy).toBe("relay");
  });

  it("lets the browser use any candidate where no relay is configured", () => {
    expect(iceServersFor({ stunUrls: [], turn: null, relayOnly: false }, 1)).toEqual({ ice_servers: [], ice_transport_policy: "all" });
  });
});
