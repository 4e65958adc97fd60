import { z } from "zod";
import { CALL_SIGNAL_MAX_CHARS } from "../constants";
import type { Call } from "./calls";
import type { chatMessageSchema } from "./chat";

const sdp = z.string().min(1).max(CALL_SIGNAL_MAX_CHARS);

/** What one side of a call tells the other through the server (issue 22): WebRTC's offer and answer, and ICE candidates. */
export const callSignalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("offer"), sdp }).strict(),
  z.object({ type: z.literal("answer"), sdp }).strict(),
  z
    .object({
      type: z.literal("candidate"),
      candidate: z.string().max(1000),
      sdpMid: z.string().max(64).nullable(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
    })
    .strict(),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;

// Events on the WebSocket (GET /api/socket). Server to client:
export type ServerEvent =
  | { type: "message"; conversation: number; message: z.infer<typeof chatMessageSchema> }
  | { type: "typing"; conversation: number; from: number }
  | { type: "read"; conversation: number; by: number; up_to: number }
  | { type: "like"; from: number; match: boolean }
  | { type: "member-changed" }
  /** A call of the member's rang, was answered or ended (all their pages hear it). */
  | { type: "call"; call: Call }
  /** The other side of a live call sent an offer, an answer or an ICE candidate. */
  | { type: "call-signal"; call: number; signal: CallSignal };

// Client to server:
export const clientEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("typing"), conversation: z.number().int().positive() }).strict(),
  z.object({ type: z.literal("ping") }).strict(),
  /** To the other member of a live call (the server checks both are its members). */
  z.object({ type: z.literal("call-signal"), call: z.number().int().positive(), signal: callSignalSchema }).strict(),
  /** The page in a live call is still there (see CALL_ALIVE_EVERY_SECONDS). */
  z.object({ type: z.literal("call-alive"), call: z.number().int().positive() }).strict(),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

export { SOCKET_CLOSE, SOCKET_FINAL_CLOSE_CODES } from "../socketClose";
