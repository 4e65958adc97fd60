import { z } from "zod";
import type { chatMessageSchema } from "./chat";

// Events on the WebSocket (GET /api/socket). Server to client:
export type ServerEvent =
  | { type: "message"; conversation: number; message: z.infer<typeof chatMessageSchema> }
  | { type: "typing"; conversation: number; from: number }
  | { type: "read"; conversation: number; by: number; up_to: number }
  | { type: "like"; from: number; match: boolean }
  | { type: "member-changed" };

// Client to server:
export const clientEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("typing"), conversation: z.number().int().positive() }).strict(),
  z.object({ type: z.literal("ping") }).strict(),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;
