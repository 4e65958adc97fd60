import type { CallMedia } from "../../../common/callRules";
import type { CallConfig, CallSignal } from "../../../common/schemas/calls";

/** How the media stands, as the call screen shows it: read from the connection's statistics. */
export type ConnectionState = "connecting" | "connected" | "weak";

/** The camera and microphone chosen (undefined: the browser's default). */
export interface DeviceChoice {
  audio?: string;
  video?: string;
}

/** Opens the member's microphone, and camera for a video call. */
export function openMedia(media: CallMedia, choice: DeviceChoice = {}): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: choice.audio ? { deviceId: { exact: choice.audio } } : true,
    video: media === "video" ? (choice.video ? { deviceId: { exact: choice.video } } : { width: { ideal: 1280 }, height: { ideal: 720 } }) : false,
  });
}

/**
 * One side of a call's WebRTC connection: the local tracks go out, the other side's come into
 * `remote`; offers, answers and ICE candidates go through `send` (the socket) and come back through
 * `receive`. The caller makes the offer once the callee has answered.
 */
export class CallSession {
  readonly remote = new MediaStream();
  private readonly pc: RTCPeerConnection;
  private readonly pending: RTCIceCandidateInit[] = [];
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private lastBytes = 0;
  private closed = false;

  constructor(
    config: CallConfig,
    private local: MediaStream,
    private readonly send: (signal: CallSignal) => void,
    private readonly onState: (state: ConnectionState) => void,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: config.ice_servers.map((s) => ({ urls: s.urls, username: s.username, credential: s.credential })),
      iceTransportPolicy: config.ice_transport_policy,
    });
    for (const track of local.getTracks()) this.pc.addTrack(track, local);
    this.pc.ontrack = (event) => {
      if (!this.remote.getTracks().includes(event.track)) this.remote.addTrack(event.track);
    };
    this.pc.onicecandidate = (event) => {
      if (event.candidate?.candidate) {
        this.send({ type: "candidate", candidate: event.candidate.candidate, sdpMid: event.candidate.sdpMid, sdpMLineIndex: event.candidate.sdpMLineIndex });
      }
    };
    this.statsTimer = setInterval(() => void this.readStats(), 1000);
  }

  /** The caller's first step once the call is answered. */
  async offer(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    this.send({ type: "offer", sdp: offer.sdp ?? "" });
  }

  /** A signal from the other side. */
  async receive(signal: CallSignal): Promise<void> {
    if (this.closed) return;
    if (signal.type === "candidate") {
      const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
      // Candidates may come before the description they belong to.
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(candidate).catch(() => {});
      else this.pending.push(candidate);
      return;
    }
    await this.pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    for (const candidate of this.pending.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => {});
    if (signal.type === "offer") {
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      this.send({ type: "answer", sdp: answer.sdp ?? "" });
    }
  }

  get localStream(): MediaStream {
    return this.local;
  }

  setMuted(muted: boolean): void {
    for (const track of this.local.getAudioTracks()) track.enabled = !muted;
  }

  setCameraOff(off: boolean): void {
    for (const track of this.local.getVideoTracks()) track.enabled = !off;
  }

  /** Switches to another camera or microphone without a new offer (the sender's track is replaced). */
  async switchDevice(kind: "audio" | "video", deviceId: string): Promise<MediaStream> {
    const fresh = await navigator.mediaDevices.getUserMedia(
      kind === "audio" ? { audio: { deviceId: { exact: deviceId } } } : { video: { deviceId: { exact: deviceId } } },
    );
    const track = fresh.getTracks()[0];
    const old = kind === "audio" ? this.local.getAudioTracks()[0] : this.local.getVideoTracks()[0];
    if (old) track.enabled = old.enabled;
    const sender = this.pc.getSenders().find((s) => s.track?.kind === kind);
    await sender?.replaceTrack(track);
    const tracks = this.local.getTracks().filter((t) => t.kind !== kind);
    old?.stop();
    this.local = new MediaStream([...tracks, track]);
    return this.local;
  }

  /** Connected while media keeps arriving (bytes received grow); weak when it stalls after it came. */
  private async readStats(): Promise<void> {
    if (this.closed) return;
    const stats = await this.pc.getStats().catch(() => null);
    if (!stats) return;
    let bytes = 0;
    stats.forEach((report) => {
      if (report.type === "inbound-rtp") bytes += (report as RTCInboundRtpStreamStats).bytesReceived ?? 0;
    });
    const grew = bytes > this.lastBytes;
    this.onState(grew ? "connected" : this.lastBytes > 0 ? "weak" : "connecting");
    this.lastBytes = bytes;
  }

  close(): void {
    this.closed = true;
    if (this.statsTimer) clearInterval(this.statsTimer);
    for (const track of this.local.getTracks()) track.stop();
    this.pc.close();
  }
}
