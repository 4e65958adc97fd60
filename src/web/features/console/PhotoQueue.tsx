import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Badge, Card, Col, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { PHOTO_REJECTION_REASONS, type PhotoRejectionReason } from "../../../common/photoModeration";
import type { QueuedPhoto } from "../../../common/schemas/photoModeration";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { ApproveOrReject } from "./ApproveOrReject";
import { CONSOLE_NS } from "./consoleI18n";

const QUEUE_KEY = ["console", "photos"] as const;

function useDecidePhoto(photoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: PhotoRejectionReason | null) =>
      reason
        ? call("POST /api/console/photos/:id/reject", { params: { id: photoId }, body: { reason } })
        : call("POST /api/console/photos/:id/approve", { params: { id: photoId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** The moderators' photo queue: the oldest undecided photos first, with the member's other photos and profile. */
export function PhotoQueue() {
  const { t } = useTranslation(CONSOLE_NS);
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => call("GET /api/console/photos") });
  return (
    <section>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h4 mb-0">{t("photo_queue.title")}</h1>
        {queue.data && (
          <Badge bg={queue.data.waiting > 0 ? "danger" : "secondary"} data-testid="photo-queue-waiting">
            {t("photo_queue.waiting", { count: queue.data.waiting })}
          </Badge>
        )}
      </div>
      {queue.isPending && <Spinner size="sm" />}
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {queue.data?.photos.length === 0 && <p className="text-body-secondary">{t("photo_queue.empty")}</p>}
      {queue.data?.photos.map((photo) => (
        <QueuedPhotoCard key={photo.id} photo={photo} />
      ))}
    </section>
  );
}

function QueuedPhotoCard({ photo }: { photo: QueuedPhoto }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const decide = useDecidePhoto(photo.id);
  const { member } = photo;
  const facts = [
    member.gender === "female" || member.gender === "male" ? t(`photo_queue.gender.${member.gender}`) : null,
    member.age !== null ? t("photo_queue.age", { age: member.age }) : null,
    [member.city, member.country].filter(Boolean).join(", "),
  ].filter((f) => f !== null && f !== "");
  return (
    <Card className="mb-3" data-testid="queued-photo">
      <Card.Body>
        <Row className="g-3">
          <Col xs={12} md={5} lg={4}>
            <img
              src={photo.url}
              alt={t("photo_queue.photo_alt", { name: member.name })}
              className="w-100 rounded object-fit-contain bg-body-secondary"
              style={{ maxHeight: 420 }}
            />
            <div className="small text-body-secondary mt-1">{t("photo_queue.uploaded", { at: formats.dateTime(photo.created_at) })}</div>
            {photo.model_flagged ? (
              // Held whatever the site's rule: the nudity model flagged it (or could not score it).
              <Badge bg="danger" className="mt-1 text-wrap text-start" data-testid="photo-model-flagged">
                {t("photo_queue.model_flagged")}
              </Badge>
            ) : (
              <Badge bg={photo.status === "pending" ? "warning" : "info"} text="dark" className="mt-1 text-wrap text-start">
                {photo.status === "pending" ? t("photo_queue.pending") : t("photo_queue.shown")}
              </Badge>
            )}
          </Col>
          <Col xs={12} md={7} lg={8}>
            <Card.Title as="h2" className="h5 text-break">
              {member.name} <span className="text-body-secondary fs-6">#{member.id}</span>
            </Card.Title>
            <p className="small text-body-secondary mb-1 text-break">
              {member.site} · {t("photo_queue.signed_up", { date: formats.date(member.signup_date) })}
            </p>
            {facts.length > 0 && <p className="small mb-1">{facts.join(" · ")}</p>}
            {member.personal_text && <p className="small fst-italic text-break mb-2">“{member.personal_text}”</p>}
            <h3 className="h6 mt-3">{t("photo_queue.others", { count: photo.other_photos.length })}</h3>
            {photo.other_photos.length === 0 ? (
              <p key="p" className="small text-body-secondary">
                {t("photo_queue.no_others")}
              </p>
            ) : (
              <ul key="ul" className="list-unstyled d-flex flex-wrap gap-2 mb-3" data-testid="queued-photo-others">
                {photo.other_photos.map((other) => (
                  <li key={other.id} className="text-center">
                    <img
                      src={other.url}
                      alt={t("photo_queue.other_alt", { name: member.name })}
                      width={80}
                      height={100}
                      className="rounded object-fit-cover d-block"
                      loading="lazy"
                    />
                    <span className="small text-body-secondary">{t(`photo_queue.status.${other.status}`)}</span>
                  </li>
                ))}
              </ul>
            )}
            <ApproveOrReject reasons={PHOTO_REJECTION_REASONS} texts="photo_queue" decide={decide} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
