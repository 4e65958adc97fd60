import { Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import type { LikesTab } from "./likesTabs";

/** Where each empty tab sends the member: a better profile draws likes, searching and swiping give some. */
const NEXT_STEP: Record<LikesTab, string> = { received: "/profile", sent: "/members", matches: "/swipe-game" };

export function LikesEmpty({ tab }: { tab: LikesTab }) {
  const { t } = useTranslation();
  return (
    <Card className="border-0 shadow-sm text-center likes-empty" data-testid="likes-empty">
      <Card.Body className="p-4 p-md-5">
        <Icon name="heartOutline" size={48} className="text-primary mb-3" />
        <h2 className="h5">{t(`likes.empty_${tab}_title`)}</h2>
        <p className="text-body-secondary">{t(`likes.empty_${tab}_text`)}</p>
        <PrefetchLink to={NEXT_STEP[tab]} className="btn btn-primary">
          {t(`likes.empty_${tab}_button`)}
        </PrefetchLink>
      </Card.Body>
    </Card>
  );
}
