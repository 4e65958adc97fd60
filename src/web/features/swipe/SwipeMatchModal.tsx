import { Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";

/** "It's a match!" after a like in the swipe game made a mutual like. */
export function SwipeMatchModal({ member, onClose }: { member: MemberCard | null; onClose(): void }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  if (!member) return null;
  const photo = member.main_image ? cdn_prefix + member.main_image.match : null;
  return (
    <Modal show onHide={onClose} centered size="sm" aria-labelledby="swipe-match-title" data-testid="swipe-match">
      <Modal.Body className="text-center p-4">
        <Icon name="heart" size={40} className="text-primary mb-2" />
        <h2 id="swipe-match-title" className="h3 text-primary fw-bold">
          {t("member.match_title")}
        </h2>
        {photo && <img src={photo} alt={member.name} width={160} height={160} className="rounded-circle object-fit-cover shadow my-3" />}
        <p>{t("member.match_text", { name: member.name })}</p>
        <div className="d-grid gap-2">
          <PrefetchLink to={`/members/${member.id}/chat`} className="btn btn-primary">
            {t("member.message")}
          </PrefetchLink>
          <PrefetchLink to={`/members/${member.id}`} className="btn btn-outline-primary">
            {t("swipe.view_profile")}
          </PrefetchLink>
          <button type="button" className="btn btn-link" onClick={onClose}>
            {t("swipe.keep_swiping")}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
