import { CALL_ALIVE_EVERY_SECONDS } from "../../../common/constants";
import type { CallMedia } from "../../../common/callRules";
import { isLiveCall } from "../../../common/callRules";
import type { Call, CallSignal } from "../../../common/schemas/calls";
import type { ServerEvent } from "../../../common/schemas/realtime";
import { ApiError, call as apiCall } from "../../api/apiClient";
import { sendSocketEvent } from "../../api/socketClient";
import type { CallSession } from "./callSession";
import { importWithReload } from "../../lazyWithReload";

/** The WebRTC part loads with the first call (the pages of a member who never calls stay lighter). */
const loadSession = importWithReload(() => import("./callSession"));
import { INITIAL_CALL_VIEW, useCallStore } from "./callStore";

// The one call of this page: the store holds what the screens show, this module the connection.
let session: CallSession | null = null;
let aliveTimer: ReturnType<typeof setInterval> | null = null;
/** Signals that came before this page's connection was made (kept for the call they belong to). */
let early: { call: number; signals: CallSignal[] } | null = null;

const set = useCallStore.setState;
const view = useCallStore.getState;

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

function keepAlive(callId: number): void {
  stopAlive();
  sendSocketEvent({ type: "call-alive", call: callId });
  aliveTimer = setInterval(() => sendSocketEvent({ type: "call-alive", call: callId }), CALL_ALIVE_EVERY_SECONDS * 1000);
}

function stopAlive(): void {
  if (aliveTimer) clearInterval(aliveTimer);
  aliveTimer = null;
}

function hangUpLocally(): void {
  stopAlive();
  session?.close();
  session = null;
  early = null;
}

async function connect(call: Call, local: MediaStream): Promise<CallSession> {
  const config = await apiCall("GET /api/callconfig.php");
  const { CallSession } = await loadSession();
  const made = new CallSession(
    config,
    local,
    (signal) => sendSocketEvent({ type: "call-signal", call: call.id, signal }),
    (connection) => {
      if (view().connection !== connection) set({ connection });
    },
  );
  set({ remote: made.remote });
  return made;
}

/** Rings the other member of a conversation; `deviceError` is the text shown when the camera or microphone cannot be opened. */
export async function startCall(conversation: number, media: CallMedia, deviceError: string): Promise<void> {
  if (view().call || view().busy) return;
  set({ ...INITIAL_CALL_VIEW, busy: true });
  let local: MediaStream;
  try {
    local = await (await loadSession()).openMedia(media);
  } catch {
    set({ busy: false, error: deviceError });
    return;
  }
  try {
    const { call } = await apiCall("POST /api/call.php", { body: { conversation, media } });
    set({ call, here: true, local, busy: false });
    keepAlive(call.id);
    session = await connect(call, local);
  } catch (err) {
    for (const track of local.getTracks()) track.stop();
    hangUpLocally();
    set({ ...INITIAL_CALL_VIEW, error: errorText(err, deviceError) });
  }
}

/** The callee takes the ringing call: camera and microphone first, then the answer; the caller's offer follows. */
export async function acceptCall(deviceError: string): Promise<void> {
  const call = view().call;
  if (!call || view().busy) return;
  set({ busy: true });
  let local: MediaStream;
  try {
    local = await (await loadSession()).openMedia(call.media);
  } catch {
    set({ busy: false, error: deviceError });
    return;
  }
  try {
    set({ here: true, local });
    session = await connect(call, local);
    const pending = early?.call === call.id ? early.signals : [];
    early = null;
    for (const signal of pending) await session.receive(signal);
    const answered = await apiCall("POST /api/callanswer.php", { body: { call: call.id, accept: true } });
    set({ call: answered.call, busy: false });
    keepAlive(call.id);
  } catch (err) {
    hangUpLocally();
    set({ ...INITIAL_CALL_VIEW, error: errorText(err, deviceError) });
  }
}

export async function declineCall(): Promise<void> {
  const call = view().call;
  if (!call) return;
  set({ ...INITIAL_CALL_VIEW });
  await apiCall("POST /api/callanswer.php", { body: { call: call.id, accept: false } }).catch(() => {});
}

/** Ends (or cancels) the call from this page. */
export async function endCall(): Promise<void> {
  const call = view().call;
  if (!call) return;
  hangUpLocally();
  // The member ended it: nothing to tell (the chat shows the call's entry).
  set({ ...INITIAL_CALL_VIEW });
  await apiCall("POST /api/callend.php", { body: { call: call.id } }).catch(() => {});
}

export function setMuted(muted: boolean): void {
  session?.setMuted(muted);
  set({ muted });
}

export function setCameraOff(cameraOff: boolean): void {
  session?.setCameraOff(cameraOff);
  set({ cameraOff });
}

/** Uses another camera or microphone in the running call. */
export async function chooseDevice(kind: "audio" | "video", deviceId: string): Promise<void> {
  if (!session) return;
  const local = await session.switchDevice(kind, deviceId).catch(() => null);
  if (local) set({ local });
}

export function dismissCallNotice(): void {
  set({ ended: null, error: null });
}

/** The live events of calls: a call rang, was answered or ended; the other side's signals. */
export function onCallEvent(event: ServerEvent): void {
  if (event.type === "call-signal") {
    if (session && view().call?.id === event.call) void session.receive(event.signal).catch(() => {});
    else {
      if (early?.call !== event.call) early = { call: event.call, signals: [] };
      early.signals.push(event.signal);
    }
    return;
  }
  if (event.type !== "call") return;
  const call = event.call;
  const current = view();
  if (current.call && current.call.id !== call.id) return;
  if (!current.call) {
    // Rings on every page of the callee's (the caller's other pages stay quiet); nothing else concerns a page without the call.
    if (call.status === "ringing" && call.partner.id === call.caller) set({ ...INITIAL_CALL_VIEW, call });
    return;
  }
  if (call.status === "ringing") return;
  if (call.status === "active") {
    // Answered on another page of the member's: this one stops ringing.
    if (!current.here) {
      set({ ...INITIAL_CALL_VIEW });
      return;
    }
    set({ call });
    if (call.caller !== call.partner.id && session && current.call?.status === "ringing") void session.offer().catch(() => {});
    return;
  }
  if (!isLiveCall(call.status)) {
    hangUpLocally();
    set({ ...INITIAL_CALL_VIEW, ended: { status: call.status, call } });
  }
}
