import { Alert, Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSendSelfie, useStartVerification, useVerification } from "../../api/verificationApi";
import { Icon } from "../../components/Icon";
import { SelfieCapture } from "./SelfieCapture";

/**
 * "Get verified" on the own profile: the member asks, is shown a pose picked by the server, and sends
 * a selfie in it; a moderator compares it with the profile photos. Shows where the member stands:
 * not asked, waiting, verified, or rejected with the reason (and may ask again).
 */
export function VerificationCard() {
  const { t } = useTranslation();
  const status = useVerification();
  const start = useStartVerification();
  const send = useSendSelfie();
  const error = start.error ?? send.error;
  const data = status.data;
  return (
    <section data-testid="verification-card" aria-labelledby="verification-title">
      <h2 id="verification-title" className="h5 d-flex align-items-center gap-2">
        <Icon name="verified" size={22} className="verified-badge" />
        {t("verification.title")}
      </h2>
      {status.isPending && <Spinner size="sm" />}
      {status.isError && <Alert variant="danger">{status.error.message}</Alert>}
      {error && (
        <Alert variant="danger" className="py-2 small" role="alert">
          {error.message}
        </Alert>
      )}
      {data?.state === "verified" && (
        <p className="mb-0 text-success-emphasis" data-testid="verification-state-verified">
          {t("verification.verified")}
        </p>
      )}
      {data?.state === "pending" && (
        <Alert variant="info" className="mb-0 small" data-testid="verification-state-pending">
          {t("verification.pending")}
        </Alert>
      )}
      {(data?.state === "none" || data?.state === "rejected") && (
        <>
          {data.state === "rejected" && (
            <Alert variant="warning" className="small" data-testid="verification-state-rejected">
              {t("verification.rejected", { reason: t(`verification.reasons.${data.reason ?? "other"}`) })}
            </Alert>
          )}
          <p className="small text-body-secondary">{t("verification.intro")}</p>
          {data.has_approved_photo ? (
            <Button key="button" onClick={() => start.mutate()} disabled={start.isPending} data-testid="verification-start">
              {data.state === "rejected" ? t("verification.try_again") : t("verification.start")}
            </Button>
          ) : (
            <p key="p" className="small mb-0 fw-semibold">
              {t("verification.need_photo")}
            </p>
          )}
        </>
      )}
      {data?.state === "started" && data.pose && (
        <>
          <div className="pose-card rounded p-3 mb-3 d-flex align-items-center gap-3" data-testid="verification-pose" data-pose={data.pose}>
            <Icon name="camera" size={32} className="pose-sign flex-shrink-0" />
            <div>
              <div className="small text-body-secondary">{t("verification.pose_label")}</div>
              <div className="fw-semibold fs-5">{t(`verification.poses.${data.pose}`)}</div>
            </div>
          </div>
          <p className="small text-body-secondary">{t("verification.pose_help")}</p>
          <SelfieCapture sending={send.isPending} onSend={(file) => send.mutate(file)} />
        </>
      )}
    </section>
  );
}
