import { Alert } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormats } from "../../i18n/formats";
import { useBanStore } from "../../stores/banStore";

/** On /pages/ban: the member's own ban or suspension, with the reason the operator gave. */
export function BanNotice() {
  const { t } = useTranslation();
  const formats = useFormats();
  const notice = useBanStore((s) => s.notice);
  if (!notice) return null;
  return (
    <Alert variant="danger" className="mb-4" data-testid="ban-notice">
      <Alert.Heading as="h2" className="h5 mb-0">
        {notice.message}
      </Alert.Heading>
      {notice.until && <p className="mb-0 mt-2">{t("ban_notice.until", { date: formats.dateTime(notice.until) })}</p>}
      {notice.appeal && (
        <p className="mb-0 mt-2">
          <Link to={`/appeal?key=${encodeURIComponent(notice.appeal)}`} className="alert-link">
            {t("decisions.appeal.from_ban")}
          </Link>
        </p>
      )}
    </Alert>
  );
}
