import { z } from "zod";
import type { Calls } from "../apiContract";
import { CALL_MEDIA, CALL_STATUSES } from "../callRules";
import { idSchema } from "./ids";
import { memberCardSchema } from "./user";

// Video and voice calls between the two members of a conversation (issue 22). The call's state goes
// through these calls and reaches both members as "call" events on the socket; the WebRTC session
// descriptions and ICE candidates go over the socket ("call-signal"), relayed by the server between
// the two members of a live call only.

export const callSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  caller: z.number().int(),
  callee: z.number().int(),
  media: z.enum(CALL_MEDIA),
  status: z.enum(CALL_STATUSES),
  /** The member on the other side, for the member this object is for. */
  partner: memberCardSchema,
  created_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Credits a started minute costs the caller (0: free). */
  minute_credits: z.number().int(),
});
export type Call = z.infer<typeof callSchema>;

export const callResponseSchema = z.object({ call: callSchema });
export const currentCallResponseSchema = z.object({ call: callSchema.nullable() });

/** POST /api/call.php: rings the other member of a conversation. */
export const startCallSchema = z.object({ conversation: idSchema, media: z.enum(CALL_MEDIA, { error: "errors.field_invalid" }) }).strict();

/** POST /api/callanswer.php: the callee accepts (true) or declines (false) a ringing call. */
export const answerCallSchema = z.object({ call: idSchema, accept: z.boolean({ error: "errors.field_invalid" }) }).strict();

/** POST /api/callend.php: either member ends (or, while it rings, cancels) a call. */
export const endCallSchema = z.object({ call: idSchema }).strict();

/** GET /api/callconfig.php: the ICE servers a call uses (TURN with time-limited credentials) and whether only the relay may be used. */
export const callConfigResponseSchema = z.object({
  ice_servers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
  ice_transport_policy: z.enum(["all", "relay"]),
});
export type CallConfig = z.infer<typeof callConfigResponseSchema>;

/** What one side of a call tells the other through the server (defined beside the socket's events, which carry it). */
export { callSignalSchema, type CallSignal } from "./realtime";

/** The calls' calls. */
export const callsCalls = {
  "GET /api/call.php": { response: { 200: currentCallResponseSchema } },
  "POST /api/call.php": { body: startCallSchema, response: { 200: callResponseSchema } },
  "POST /api/callanswer.php": { body: answerCallSchema, response: { 200: callResponseSchema } },
  "POST /api/callend.php": { body: endCallSchema, response: { 200: callResponseSchema } },
  "GET /api/callconfig.php": { response: { 200: callConfigResponseSchema } },
} as const satisfies Calls;
