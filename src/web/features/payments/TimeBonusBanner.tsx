import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { TIME_BONUS_VALUE_PERCENTAGE } from "../../../common/constants";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useRouteName } from "../../hooks/useRouteName";
import { TIME_BONUS_BANNER_ROUTES } from "../layout/bannerPriority";
import { formatCountdown } from "./timeBonus";
import { useTimeBonus } from "./useTimeBonus";

/**
 * The time-bonus top banner (spec section 2): members area and credits page, bonus visible; a live
 * countdown linking to the credits page. Its height is fixed and its digits all the same width, so
 * that neither the page below nor the line moves as the seconds tick.
 */
export function TimeBonusBanner() {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const left = useTimeBonus();
  if (left === null || !routeName || !TIME_BONUS_BANNER_ROUTES.includes(routeName)) return null;
  return (
    <PrefetchLink
      to="/credits"
      className="time-bonus-banner d-flex align-items-center text-center text-white text-decoration-none"
      data-testid="time-bonus-banner"
    >
      <Container>
        {t("time_bonus.banner", { percent: TIME_BONUS_VALUE_PERCENTAGE })}{" "}
        <span className="fw-bold time-bonus-countdown" data-testid="time-bonus-countdown">
          {formatCountdown(left)}
        </span>
      </Container>
    </PrefetchLink>
  );
}
