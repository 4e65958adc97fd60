import { Alert, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useClosePhotoNotice, usePhotoNotices } from "../../api/photoNoticesApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";

/** Tells a member that a moderator rejected one of their photos; the reason is on the photo screen. */
export function PhotoRejectedAlert() {
  const { t } = useTranslation();
  const notices = usePhotoNotices(true);
  const close = useClosePhotoNotice();
  const rejected = notices.data?.rejected ?? [];
  if (rejected.length === 0) return null;
  return (
    <Container className="mt-3">
      <Alert
        variant="warning"
        dismissible
        onClose={() => {
          for (const r of rejected) close.mutate(r.id);
        }}
        closeLabel={t("common.close")}
        className="d-flex flex-wrap align-items-center gap-2 mb-0"
        data-testid="photo-rejected-alert"
      >
        <Icon name="camera" size={22} className="flex-shrink-0" />
        <span className="me-auto">{t("photo_rejected_alert.text")}</span>
        <PrefetchLink to="/profile" className="btn btn-sm btn-primary">
          {t("photo_rejected_alert.button")}
        </PrefetchLink>
      </Alert>
    </Container>
  );
}
