import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

const canUseCamera = () => typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

/** The frame of the video as a JPEG file (not mirrored: the right hand stays the right hand). */
async function frameOf(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  return blob ? new File([blob], "selfie.jpg", { type: "image/jpeg" }) : null;
}

/**
 * A selfie for the verification: from the camera in the browser (a mirrored live picture, taken to a
 * JPEG), or a chosen file (phones offer the front camera for it). Shows the picture before it is sent.
 */
export function SelfieCapture({ sending, onSend }: { sending: boolean; onSend(file: File): void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  // A picture can be taken once the camera sends one (the first frames take a moment).
  const [playing, setPlaying] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [selfie, setSelfie] = useState<{ file: File; url: string } | null>(null);

  // The camera is let go when closed, when a picture is taken and when the card goes away.
  useEffect(
    () => () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    },
    [stream],
  );
  useEffect(() => () => (selfie ? URL.revokeObjectURL(selfie.url) : undefined), [selfie]);
  useEffect(() => {
    setPlaying(false);
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => {});
    }
  }, [stream]);

  const openCamera = async () => {
    setCameraFailed(false);
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 } }, audio: false }));
    } catch {
      setCameraFailed(true);
    }
  };
  const take = async () => {
    const file = video.current?.videoWidth ? await frameOf(video.current) : null;
    if (!file) return;
    setSelfie({ file, url: URL.createObjectURL(file) });
    setStream(null);
  };
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) {
      setStream(null);
      setSelfie({ file, url: URL.createObjectURL(file) });
    }
  };

  return (
    <div data-testid="selfie-capture">
      {cameraFailed && (
        <Alert variant="warning" className="py-2 small">
          {t("verification.camera_failed")}
        </Alert>
      )}
      {stream && (
        <div className="mb-2">
          <video
            ref={video}
            className="selfie-view rounded w-100"
            muted
            playsInline
            aria-label={t("verification.video_label")}
            onPlaying={() => setPlaying(true)}
          />
          <div className="d-flex flex-wrap gap-2 mt-2">
            <Button onClick={() => void take()} disabled={!playing} className="d-inline-flex align-items-center gap-1">
              <Icon name="camera" size={18} />
              {t("verification.take")}
            </Button>
            <Button variant="outline-secondary" onClick={() => setStream(null)}>
              {t("verification.close_camera")}
            </Button>
          </div>
        </div>
      )}
      {selfie && !stream && (
        <div className="mb-2">
          <img src={selfie.url} alt={t("verification.preview_alt")} className="selfie-view rounded w-100 object-fit-contain" data-testid="selfie-preview" />
          <Button className="w-100 mt-2" onClick={() => onSend(selfie.file)} disabled={sending} data-testid="selfie-send">
            {sending ? t("verification.sending") : t("verification.send")}
          </Button>
        </div>
      )}
      {!stream && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {canUseCamera() && (
            <Button variant={selfie ? "outline-primary" : "primary"} onClick={() => void openCamera()} className="d-inline-flex align-items-center gap-1">
              <Icon name="camera" size={18} />
              {selfie ? t("verification.retake") : t("verification.open_camera")}
            </Button>
          )}
          <label className="btn btn-outline-secondary mb-0" htmlFor="selfie-file">
            {t("verification.upload")}
          </label>
          <input id="selfie-file" type="file" accept="image/*" capture="user" className="visually-hidden" onChange={choose} data-testid="selfie-file" />
        </div>
      )}
    </div>
  );
}
