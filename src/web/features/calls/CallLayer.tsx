import { useEffect, useRef, useState } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { CallIcon, type CallIconName } from "./CallIcon";
import { MemberAvatar } from "../chat/MemberAvatar";
import { ReportButton } from "../members/ReportButton";
import { formatClock } from "../chat/voiceRecording";
import { acceptCall, chooseDevice, declineCall, dismissCallNotice, endCall, setCameraOff, setMuted } from "./callController";
import { useCallStore } from "./callStore";
import { startRingtone } from "./ringtone";

/**
 * The member's calls on every page: the incoming call (ringing, accept or decline), the call screen
 * while this page takes part, and how a call ended (declined, missed, credits gone) or why it could
 * not start.
 */
export function CallLayer() {
  const call = useCallStore((s) => s.call);
  const here = useCallStore((s) => s.here);
  const ended = useCallStore((s) => s.ended);
  const error = useCallStore((s) => s.error);
  return (
    <>
      {call && !here && call.status === "ringing" && <IncomingCall />}
      {call && here && <CallScreen />}
      {(ended || error) && <CallNotice />}
    </>
  );
}

function IncomingCall() {
  const { t } = useTranslation();
  const call = useCallStore((s) => s.call);
  const busy = useCallStore((s) => s.busy);
  useEffect(() => startRingtone(), []);
  if (!call) return null;
  const deviceError = t("calls.media_denied");
  return (
    <Modal show centered backdrop="static" keyboard={false} onHide={() => void declineCall()} contentClassName="call-incoming" data-testid="call-incoming">
      <Modal.Body className="text-center py-4">
        <div className="call-ring mx-auto mb-3">
          <MemberAvatar member={call.partner} size={96} />
        </div>
        <h2 className="h4 mb-1">{call.partner.name}</h2>
        <p className="text-body-secondary mb-4" role="status">
          {t(call.media === "video" ? "calls.incoming_video" : "calls.incoming_voice", { name: call.partner.name })}
        </p>
        <div className="d-flex justify-content-center gap-5">
          <div className="d-flex flex-column align-items-center gap-1">
            <Button variant="danger" className="call-round" onClick={() => void declineCall()} aria-label={t("calls.decline")} data-testid="call-decline">
              <CallIcon name="phoneEnd" size={28} />
            </Button>
            <span className="small">{t("calls.decline")}</span>
          </div>
          <div className="d-flex flex-column align-items-center gap-1">
            <Button
              variant="success"
              className="call-round"
              disabled={busy}
              onClick={() => void acceptCall(deviceError)}
              aria-label={t("calls.accept")}
              data-testid="call-accept"
            >
              <CallIcon name={call.media === "video" ? "video" : "phone"} size={28} />
            </Button>
            <span className="small">{t("calls.accept")}</span>
          </div>
        </div>
      </Modal.Body>
    </Modal>
  );
}

/** A video element that shows a stream (srcObject is no attribute React sets). */
function StreamVideo({ stream, muted, className, testId }: { stream: MediaStream | null; muted: boolean; className: string; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} className={className} autoPlay playsInline muted={muted} data-testid={testId} />;
}

/** The running call's time since it was answered, every second. */
function useTalkTime(answeredAt: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!answeredAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [answeredAt]);
  return answeredAt ? formatClock(now - Date.parse(answeredAt)) : null;
}

function CallScreen() {
  const { t } = useTranslation();
  const s = useCallStore();
  const talkTime = useTalkTime(s.call?.answered_at ?? null);
  const [devicesOpen, setDevicesOpen] = useState(false);
  if (!s.call) return null;
  const { call } = s;
  const video = call.media === "video";
  const state =
    call.status === "ringing"
      ? t("calls.calling", { name: call.partner.name })
      : s.connection === "connected"
        ? t("calls.connected")
        : s.connection === "weak"
          ? t("calls.weak")
          : t("calls.connecting");
  return (
    <div
      className={`call-screen${video ? " is-video" : " is-voice"}`}
      data-bs-theme="dark"
      role="dialog"
      aria-modal="true"
      aria-label={state}
      data-testid="call-screen"
    >
      {video ? (
        <StreamVideo key="streamVideo" stream={s.remote} muted={false} className="call-remote" testId="call-remote-video" />
      ) : (
        <div key="div" className="call-voice-partner">
          <MemberAvatar member={call.partner} size={128} />
          <StreamVideo stream={s.remote} muted={false} className="visually-hidden" testId="call-remote-audio" />
        </div>
      )}
      <div className="call-top">
        <div className="min-w-0">
          <h2 className="h5 mb-0 text-truncate">{call.partner.name}</h2>
          <p className="mb-0 small" role="status" data-testid="call-state" data-connection={call.status === "ringing" ? "ringing" : s.connection}>
            {state}
            {talkTime && ` · ${talkTime}`}
          </p>
          {call.minute_credits > 0 && call.caller !== call.partner.id && (
            <p className="mb-0 small opacity-75">{t("calls.price", { count: call.minute_credits })}</p>
          )}
        </div>
        <ReportButton id={call.partner.id} name={call.partner.name} fromChat compact />
      </div>
      {video && <StreamVideo stream={s.local} muted className={`call-local${s.cameraOff ? " is-off" : ""}`} testId="call-local-video" />}
      {devicesOpen && <DeviceChoice video={video} onClose={() => setDevicesOpen(false)} />}
      <div className="call-controls">
        <CallToggle kind="microphone" off={s.muted} />
        {video && <CallToggle kind="camera" off={s.cameraOff} />}
        <Button
          variant="dark"
          className="call-round"
          onClick={() => setDevicesOpen(!devicesOpen)}
          aria-expanded={devicesOpen}
          aria-label={t("calls.devices")}
          title={t("calls.devices")}
          data-testid="call-devices"
        >
          <CallIcon name="settings" size={26} />
        </Button>
        <Button
          variant="danger"
          className="call-round"
          onClick={() => void endCall()}
          aria-label={t("calls.end")}
          title={t("calls.end")}
          data-testid="call-end"
        >
          <CallIcon name="phoneEnd" size={28} />
        </Button>
      </div>
    </div>
  );
}

/** The call screen's round switches: what each sets, and its texts and icons while on and while off. */
const TOGGLES = {
  microphone: { set: setMuted, label: ["calls.mute", "calls.unmute"], icon: ["mic", "micOff"], testId: "call-mute" },
  camera: { set: setCameraOff, label: ["calls.camera_off", "calls.camera_on"], icon: ["video", "videoOff"], testId: "call-camera" },
} as const satisfies Record<string, { set(off: boolean): void; label: readonly [string, string]; icon: readonly [CallIconName, CallIconName]; testId: string }>;

/** A round switch of the call screen: pressed while off, named by what a press does now. */
function CallToggle({ kind, off }: { kind: keyof typeof TOGGLES; off: boolean }) {
  const { t } = useTranslation();
  const { set, label, icon, testId } = TOGGLES[kind];
  const now = off ? 1 : 0;
  return (
    <Button
      variant={off ? "light" : "dark"}
      className="call-round"
      onClick={() => set(!off)}
      aria-pressed={off}
      aria-label={t(label[now])}
      title={t(label[now])}
      data-testid={testId}
    >
      <CallIcon name={icon[now]} size={26} />
    </Button>
  );
}

/** The cameras and microphones to choose from (their names show once the page may use them, as in a call). */
function DeviceChoice({ video, onClose }: { video: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const local = useCallStore((s) => s.local);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    void navigator.mediaDevices
      .enumerateDevices()
      .then(setDevices)
      .catch(() => setDevices([]));
  }, []);
  const current = (kind: "audio" | "video") => (kind === "audio" ? local?.getAudioTracks() : local?.getVideoTracks())?.[0]?.getSettings().deviceId ?? "";
  const select = (kind: "audio" | "video", label: string) => {
    const list = devices.filter((d) => d.kind === `${kind}input` && d.deviceId);
    return (
      <Form.Group className="mb-2" controlId={`call-${kind}-device`}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Select size="sm" value={current(kind)} onChange={(e) => void chooseDevice(kind, e.target.value)} data-testid={`call-${kind}-device`}>
          {list.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${label} ${i + 1}`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    );
  };
  return (
    <div className="call-devices" data-testid="call-device-choice">
      {select("audio", t("calls.microphone"))}
      {video && select("video", t("calls.camera"))}
      <Button size="sm" variant="light" onClick={onClose}>
        {t("calls.close")}
      </Button>
    </div>
  );
}

/** How the call ended, or why it could not begin. */
function CallNotice() {
  const { t } = useTranslation();
  const ended = useCallStore((s) => s.ended);
  const error = useCallStore((s) => s.error);
  const name = ended?.call.partner.name ?? "";
  const mine = ended ? ended.call.caller !== ended.call.partner.id : false;
  let text = error ?? "";
  if (ended) {
    switch (ended.status) {
      case "declined":
        text = mine ? t("calls.declined_by", { name }) : t("calls.call_ended");
        break;
      case "missed":
        text = mine ? t("calls.no_answer", { name }) : t("calls.missed_from", { name });
        break;
      case "cancelled":
        text = mine ? t("calls.call_ended") : t("calls.missed_from", { name });
        break;
      case "no_credits":
        text = mine ? t("calls.ended_credits") : t("calls.call_ended");
        break;
      case "dropped":
        text = t("calls.dropped");
        break;
      default:
        text = t("calls.call_ended");
    }
  }
  return (
    <Modal show centered size="sm" onHide={dismissCallNotice} data-testid="call-notice">
      <Modal.Body>
        <p className="mb-3" role="status">
          {text}
        </p>
        <Button className="w-100" onClick={dismissCallNotice}>
          {t("calls.close")}
        </Button>
      </Modal.Body>
    </Modal>
  );
}
