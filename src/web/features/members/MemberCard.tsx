import { Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberCard as Member } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { PHOTO_SLOTS } from "../../../common/photoSizes";
import { Icon, isIconName } from "../../components/Icon";
import { Photo } from "../../components/Photo";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useFormats } from "../../i18n/formats";
import { MemberActivity } from "./MemberActivity";
import { VerifiedBadge } from "./VerifiedBadge";

interface Props {
  member: Member;
  /** Where the card leads; the member's profile by default. */
  to?: string;
  /** Marks a like the member has not seen yet. */
  isNew?: boolean;
  /** A card in the first screen loads its photo at once; "high" for the page's largest photo. */
  priority?: "high" | "eager";
}

/** A member's photo with name, age, town, distance and activity, linking to the profile. */
export function MemberCard({ member, to = `/members/${member.id}`, isNew = false, priority }: Props) {
  const { t } = useTranslation();
  const { cdn_prefix, fictional_icon } = useSettings();
  const photo = member.main_image ? cdn_prefix + member.main_image.thumb_filename : null;
  const formats = useFormats();
  // Town and distance, as far as known: "Zürich · 12 km".
  const place = [member.city, member.distance_km === null ? null : formats.distance(member.distance_km)].filter(Boolean).join(" · ");
  // The link's name is its visible text (name, age, town): the photo is decorative beside it, so a
  // screen reader does not read the name twice, and speech users can say what they see.
  return (
    <PrefetchLink to={to} className="member-card-link">
      <Card className="member-card h-100 shadow-sm" data-testid="member-card">
        <div className="position-relative">
          {/* The name first, then the photo and badges (all placed by CSS): the link reads "Amir, 30 Zwolle · 12 km Online now New". */}
          <div className="member-overlay">
            <div className="fw-semibold text-truncate">
              {member.name}
              {member.age !== null && <span className="fw-normal">{`, ${member.age}`}</span>}
              {member.verified && <VerifiedBadge size={16} className="ms-1" />}
            </div>
            {place && (
              <div className="small text-truncate opacity-75" data-testid="member-place">
                {place}
              </div>
            )}
            {member.activity && <MemberActivity activity={member.activity} className="small" />}
          </div>
          {photo ? (
            <Photo
              key="photo"
              className="member-photo"
              src={photo}
              alt=""
              sizes={PHOTO_SLOTS.memberCard}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority === "high" ? "high" : undefined}
              width={240}
              height={300}
            />
          ) : (
            <div key="div" className="member-photo d-flex align-items-center justify-content-center text-body-secondary">
              {t("members.no_photo")}
            </div>
          )}
          {isNew && (
            <span className="badge bg-primary position-absolute top-0 start-0 m-2" data-testid="new-like-badge">
              {t("likes.new")}
            </span>
          )}
          {member.fictional && (
            <span className="badge bg-dark position-absolute top-0 end-0 m-2 d-inline-flex align-items-center gap-1" title={t("members.fictional")}>
              {isIconName(fictional_icon) && <Icon name={fictional_icon} size={14} />}
              {t("members.fictional")}
            </span>
          )}
        </div>
      </Card>
    </PrefetchLink>
  );
}
