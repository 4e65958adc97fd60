import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { TIME_BONUS_VALUE_PERCENTAGE } from "../../../common/constants";
import { MEMBERS_AREA_ROUTES } from "../../../common/routes";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useRouteName } from "../../hooks/useRouteName";
import { formatCountdown } from "./timeBonus";
import { useTimeBonus } from "./useTimeBonus";

/** The time-bonus top banner (spec section 2): members area, bonus visible; a live countdown linking to the credits page. */
export function TimeBonusBanner() {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const left = useTimeBonus();
  if (left === null || !routeName || !MEMBERS_AREA_ROUTES.includes(routeName)) return null;
  return (
    <PrefetchLink to="/credits" className="time-bonus-banner d-block text-center text-white text-decoration-none py-2" data-testid="time-bonus-banner">
      <Container>
        {t("time_bonus.banner", { percent: TIME_BONUS_VALUE_PERCENTAGE })}{" "}
        <span className="fw-bold font-monospace" data-testid="time-bonus-countdown">
          {formatCountdown(left)}
        </span>
      </Container>
    </PrefetchLink>
  );
}
