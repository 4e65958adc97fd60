import { useEffect, useState } from "react";
import { Button } from "react-bootstrap";
import { LazyModal } from "../../components/LazyModal";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_VALUE_PERCENTAGE } from "../../../common/constants";
import { MEMBERS_AREA_ROUTES } from "../../../common/routes";
import { useUser } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { dismiss, useDismissed } from "../../stores/dismissals";
import { useVisitStore } from "../../stores/visitStore";
import { modalMayOpen } from "../layout/bannerPriority";
import { useTopBanner } from "../layout/useTopBanner";
import { formatCountdown, timeBonusModalAllowed } from "./timeBonus";
import { useTimeBonus } from "./useTimeBonus";

/**
 * The time-bonus modal (spec section 4): 40 s after entering the members area, at 0 credits, not
 * dismissed before, while the bonus runs, and not over a banner on the first page of a visit.
 * Leaving the area cancels the timer; closing is remembered.
 */
export function TimeBonusModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const routeName = useRouteName();
  const left = useTimeBonus();
  const [open, setOpen] = useState(false);
  const banner = useTopBanner();
  const firstPageOfVisit = useVisitStore((s) => s.pages <= 1);
  const dismissed = useDismissed("hide-time-bonus-modal");
  const inMembersArea = routeName !== null && MEMBERS_AREA_ROUTES.includes(routeName);
  const allowed =
    modalMayOpen({ banner, firstPageOfVisit }) &&
    timeBonusModalAllowed({
      inMembersArea,
      credits: user?.credits ?? 0,
      dismissed,
      visible: left !== null,
    });
  const loggedIn = user !== null;
  useEffect(() => {
    if (!allowed || !loggedIn) return;
    const timer = setTimeout(() => setOpen(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, loggedIn]);

  const close = () => {
    dismiss("hide-time-bonus-modal");
    setOpen(false);
  };
  const show = open && left !== null;
  return (
    <LazyModal show={show} onHide={close} centered data-testid="time-bonus-modal">
      <LazyModal.Header closeButton closeLabel={t("common.close")}>
        <LazyModal.Title>{t("time_bonus.modal_title", { percent: TIME_BONUS_VALUE_PERCENTAGE })}</LazyModal.Title>
      </LazyModal.Header>
      <LazyModal.Body className="text-center">
        <p>{t("time_bonus.modal_text", { percent: TIME_BONUS_VALUE_PERCENTAGE })}</p>
        {left !== null && <p className="display-6 fw-bold text-primary font-monospace">{formatCountdown(left)}</p>}
        <Button
          size="lg"
          className="w-100"
          onClick={() => {
            close();
            navigate("/credits");
          }}
          data-testid="time-bonus-cta"
        >
          {t("time_bonus.modal_button", { percent: TIME_BONUS_VALUE_PERCENTAGE })}
        </Button>
      </LazyModal.Body>
    </LazyModal>
  );
}
