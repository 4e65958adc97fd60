import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Badge, Card, Col, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { QueuedVerification } from "../../../common/schemas/verification";
import { VERIFICATION_REJECTION_REASONS, type VerificationRejectionReason } from "../../../common/verification";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { ApproveOrReject } from "./ApproveOrReject";
import { CONSOLE_NS } from "./consoleI18n";

const QUEUE_KEY = ["console", "verifications"] as const;

function useDecideVerification(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: VerificationRejectionReason | null) =>
      reason
        ? call("POST /api/console/verifications/:id/reject", { params: { id }, body: { reason } })
        : call("POST /api/console/verifications/:id/approve", { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** The moderators' verification queue: each selfie beside the pose asked and the member's approved photos, oldest first. */
export function VerificationQueue() {
  const { t } = useTranslation(CONSOLE_NS);
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => call("GET /api/console/verifications") });
  return (
    <section>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h4 mb-0">{t("verification_queue.title")}</h1>
        {queue.data && (
          <Badge bg={queue.data.waiting > 0 ? "danger" : "secondary"} data-testid="verification-queue-waiting">
            {t("verification_queue.waiting", { count: queue.data.waiting })}
          </Badge>
        )}
      </div>
      {queue.isPending && <Spinner size="sm" />}
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {queue.data?.requests.length === 0 && <p className="text-body-secondary">{t("verification_queue.empty")}</p>}
      {queue.data?.requests.map((request) => (
        <QueuedVerificationCard key={request.id} request={request} />
      ))}
    </section>
  );
}

function QueuedVerificationCard({ request }: { request: QueuedVerification }) {
  const { t } = useTranslation(CONSOLE_NS);
  // The poses are the members' texts: the moderator reads what the member was shown.
  const { t: member } = useTranslation();
  const formats = useFormats();
  const decide = useDecideVerification(request.id);
  const { name } = request.member;
  return (
    <Card className="mb-3" data-testid="queued-verification">
      <Card.Body>
        <Card.Title as="h2" className="h5 text-break">
          {name} <span className="text-body-secondary fs-6">#{request.member.id}</span>
        </Card.Title>
        <p className="small text-body-secondary mb-2 text-break">
          {request.member.site} · {t("verification_queue.submitted", { at: formats.dateTime(request.submitted_at) })}
        </p>
        <div className="pose-card rounded p-2 mb-3 d-inline-flex align-items-center gap-2" data-testid="queued-verification-pose">
          <span>
            <span className="small text-body-secondary d-block">{t("verification_queue.pose")}</span>
            <strong>{member(`verification.poses.${request.pose}`)}</strong>
          </span>
        </div>
        <Row className="g-3">
          <Col xs={12} md={5}>
            <h3 className="h6">{t("verification_queue.selfie")}</h3>
            <img
              src={request.selfie_url}
              alt={t("verification_queue.selfie_alt", { name })}
              className="w-100 rounded object-fit-contain bg-body-secondary"
              style={{ maxHeight: 420 }}
            />
          </Col>
          <Col xs={12} md={7}>
            <h3 className="h6">{t("verification_queue.photos")}</h3>
            {request.photos.length === 0 ? (
              <p className="small text-body-secondary">{t("verification_queue.no_photos")}</p>
            ) : (
              <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="queued-verification-photos">
                {request.photos.map((photo) => (
                  <li key={photo.id}>
                    <img
                      src={photo.url}
                      alt={t("verification_queue.photo_alt", { name })}
                      width={160}
                      height={200}
                      className="rounded object-fit-cover d-block bg-body-secondary"
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            )}
          </Col>
        </Row>
        <ApproveOrReject reasons={VERIFICATION_REJECTION_REASONS} texts="verification_queue" decide={decide} className="mt-3" />
      </Card.Body>
    </Card>
  );
}
