import { Alert, Card, Container, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/apiClient";
import { useDatePage } from "../api/dateSharesApi";
import { Icon } from "../components/Icon";
import { DATE_TIME_LONG } from "../features/dateShares/localDateTime";
import { useFormats } from "../i18n/formats";

/**
 * /date/:token (Share my date, issue 22): what a member shared with a friend, who needs no login: whose
 * date it is, whom they meet (name and main photo, while that member can be shown), where, when (in the
 * viewer's language and on the viewer's clock), the note, and when the link stops working. A link
 * revoked or past its time says it no longer works (the server answers the page with 410, or 404).
 */
export function DateSharePage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { token = "" } = useParams();
  const page = useDatePage(token);
  const d = page.data;
  const gone = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 410);
  return (
    <Container className="py-4" style={{ maxWidth: 560 }} data-testid="date-share-page">
      {page.isPending && (
        <div className="text-center py-5">
          <Spinner />
        </div>
      )}
      {page.isError && (
        <Alert variant={gone ? "secondary" : "danger"} className="py-4" data-testid="date-share-gone">
          <h1 className="h4">{gone ? t("date_share.gone_title") : t("date_share.page_title")}</h1>
          <p className="mb-0">{gone ? t("date_share.gone_text") : page.error.message}</p>
        </Alert>
      )}
      {d && (
        <>
          <h1 className="h3 mb-1">{t("date_share.page_heading", { name: d.sharer_name })}</h1>
          <p className="text-body-secondary">{t("date_share.page_intro", { name: d.sharer_name })}</p>
          <Card className="mb-3 shadow-sm">
            <Card.Body>
              {d.partner ? (
                <div className="d-flex align-items-center gap-3 mb-3" data-testid="date-share-partner">
                  {d.partner.photo && (
                    <img
                      src={d.partner.photo}
                      alt={t("date_share.partner_photo", { name: d.partner.name })}
                      width={96}
                      height={96}
                      className="rounded-3 object-fit-cover flex-shrink-0"
                      referrerPolicy="no-referrer"
                    />
                  )}
                  <div>
                    <div className="small text-body-secondary">{t("date_share.meeting")}</div>
                    <div className="h4 mb-0">{d.partner.name}</div>
                  </div>
                </div>
              ) : (
                <p className="text-body-secondary" data-testid="date-share-partner-hidden">
                  {t("date_share.partner_hidden")}
                </p>
              )}
              <dl className="mb-0">
                <dt className="d-flex align-items-center gap-1">
                  <Icon name="pin" size={16} /> {t("date_share.where")}
                </dt>
                <dd className="text-break" data-testid="date-share-place">
                  {d.place}
                </dd>
                <dt className="d-flex align-items-center gap-1">
                  <Icon name="clock" size={16} /> {t("date_share.when_label")}
                </dt>
                <dd data-testid="date-share-when">
                  <time dateTime={d.starts_at}>{formats.date(d.starts_at, DATE_TIME_LONG)}</time>
                </dd>
                {d.note && (
                  <>
                    <dt>{t("date_share.note_from", { name: d.sharer_name })}</dt>
                    <dd className="text-break mb-0" style={{ whiteSpace: "pre-line" }} data-testid="date-share-note">
                      {d.note}
                    </dd>
                  </>
                )}
              </dl>
            </Card.Body>
          </Card>
          <p className="small mb-1">{t("date_share.worried", { name: d.sharer_name })}</p>
          <p className="small text-body-secondary" data-testid="date-share-expires">
            {t("date_share.expires", { date: formats.date(d.expires_at, DATE_TIME_LONG) })}
          </p>
        </>
      )}
    </Container>
  );
}
