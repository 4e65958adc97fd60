import { Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberCard as Member } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";

/** A member's photo with name, age and town. */
export function MemberCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const photo = member.main_image ? cdn_prefix + member.main_image.thumb_filename : null;
  return (
    <Card className="member-card h-100 shadow-sm" data-testid="member-card">
      <div className="position-relative">
        {photo ? (
          <img className="member-photo" src={photo} alt={member.name} loading="lazy" width={240} height={300} />
        ) : (
          <div className="member-photo d-flex align-items-center justify-content-center text-body-secondary">{t("members.no_photo")}</div>
        )}
        {member.fictional && (
          <span className="badge bg-dark position-absolute top-0 end-0 m-2" title={t("members.fictional")}>
            {t("members.fictional")}
          </span>
        )}
        <div className="member-overlay">
          <div className="fw-semibold text-truncate">
            {member.name}
            {member.age !== null && <span className="fw-normal">, {member.age}</span>}
          </div>
          {member.city && <div className="small text-truncate opacity-75">{member.city}</div>}
        </div>
      </div>
    </Card>
  );
}
