import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

/** The mark of a member whose photos a moderator verified: a check icon named "Verified photos" for screen readers and on hover. */
export function VerifiedBadge({ size = 18, className = "" }: { size?: number; className?: string }) {
  const { t } = useTranslation();
  const label = t("verification.badge");
  return (
    <span role="img" aria-label={label} title={label} className={`verified-badge d-inline-flex align-middle ${className}`} data-testid="verified-badge">
      <Icon name="verified" size={size} />
    </span>
  );
}
