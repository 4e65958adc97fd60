import { Col, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberCard as Member } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { Icon, isIconName } from "../../components/Icon";
import { fictionalLegend } from "./fictionalLegend";
import { MemberCard } from "./MemberCard";
import { leadPhotoIndex } from "../../../common/searchLead";

interface Props {
  members: Member[];
  /** Where each card leads; the member's profile by default. */
  linkTo?: (member: Member) => string;
  /** Members whose card carries the "new" badge. */
  isNew?: (member: Member) => boolean;
  /** Shown instead of the grid when there are no members. */
  empty?: string;
  /** The grid opens the page: its first cards' photos load at once, the first one's first of all (it is the page's largest picture). */
  firstOfPage?: boolean;
}

/** Cards in the first screen of a phone (two rows of two). */
const FIRST_SCREEN = 4;

export function MemberGrid({ members, linkTo, isNew, empty, firstOfPage = false }: Props) {
  const { t } = useTranslation();
  const { fictional_plural, fictional_icon } = useSettings();
  // Each member once, even when a list names someone twice: a card per member, and unique React keys.
  const unique = members.filter((m, i) => members.findIndex((o) => o.id === m.id) === i);
  if (unique.length === 0) return <p className="text-body-secondary">{empty ?? t("members.empty")}</p>;
  const legend = fictionalLegend(unique, fictional_plural);
  // The page's largest picture: the first card with a photo (the server preloads the same one: web/firstData.ts).
  const firstPhoto = leadPhotoIndex(unique);
  return (
    <>
      <Row xs={2} sm={3} md={4} lg={6} className="g-3">
        {unique.map((member, i) => (
          <Col key={member.id}>
            <MemberCard
              member={member}
              to={linkTo?.(member)}
              isNew={isNew?.(member)}
              priority={!firstOfPage ? undefined : i === firstPhoto ? "high" : i < FIRST_SCREEN ? "eager" : undefined}
            />
          </Col>
        ))}
      </Row>
      {legend && (
        <p className="small text-body-secondary d-flex align-items-center gap-1 mt-2 mb-0" data-testid="fictional-legend">
          {isIconName(fictional_icon) && <Icon name={fictional_icon} size={14} />}
          {legend}
        </p>
      )}
    </>
  );
}

/**
 * The grid's place while its members load: as many empty cards of the same shape, so that nothing
 * below moves when they arrive.
 */
export function MemberGridPlaceholder({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Row xs={2} sm={3} md={4} lg={6} className="g-3" aria-busy="true" data-testid="member-grid-placeholder">
      <span className="visually-hidden" role="status">
        {t("common.loading")}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: empty cards, all alike
        <Col key={i} aria-hidden="true">
          <div className="card member-card h-100 shadow-sm">
            <div className="member-photo" />
          </div>
        </Col>
      ))}
    </Row>
  );
}
