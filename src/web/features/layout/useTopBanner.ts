import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { userQuery } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { useDismissed } from "../../stores/dismissals";
import { selectPushState, usePushStore } from "../../stores/pushStore";
import { activationReminderMode, isSmartphone } from "../auth/activationReminderMode";
import { profilePhotoAlertVisible } from "../members/profilePhotoAlertVisible";
import { disabledNotificationsAlertVisible } from "../notifications/disabledNotificationsAlertVisible";
import { timeBonusSecondsLeft } from "../payments/timeBonus";
import { pushAlertVisible } from "../push/pushState";
import { type BannerKind, chooseBanner, TIME_BONUS_BANNER_ROUTES } from "./bannerPriority";

/** The one banner the page shows now (bannerPriority.ts), "pending" while that is not known yet. */
export function useTopBanner(): BannerKind | "pending" | null {
  const userState = useQuery(userQuery);
  const user = userState.data ?? null;
  const routeName = useRouteName();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const photoDismissed = useDismissed("hide-enrich-alert");
  const pushDismissed = useDismissed("hide-push-notification-alert");
  const disabledDismissed = useDismissed("hide-disabled-notifications-alert");
  const pushState = usePushStore(selectPushState);
  const pushReady = usePushStore((s) => s.ready);
  if (userState.isPending) return "pending";
  if (!user) return null;
  const pushInput = { loggedIn: true, state: pushState, dismissed: pushDismissed, routeName };
  return chooseBanner(
    {
      activation:
        activationReminderMode({
          status: user.status,
          profileStatus: user.profile.status,
          notificationsDisabled: user.notifications_disabled.length > 0,
          routeName,
          signupComplete: search.has("api_signup_complete"),
          smartphone: isSmartphone(),
        }) !== null,
      photo: profilePhotoAlertVisible({ loggedIn: true, hasMainImage: Boolean(user.profile.main_image), routeName, dismissed: photoDismissed }),
      "time-bonus": timeBonusSecondsLeft(user, Date.now()) !== null && routeName !== null && TIME_BONUS_BANNER_ROUTES.includes(routeName),
      "disabled-notifications": disabledNotificationsAlertVisible({
        loggedIn: true,
        disabled: user.notifications_disabled,
        routeName,
        hash,
        dismissed: disabledDismissed,
      }),
      // Until the browser's subscription is looked at, whether push could be offered is unknown.
      push: pushReady ? pushAlertVisible({ ...pushInput, ready: true }) : pushAlertVisible({ ...pushInput, ready: true, state: "unknown" }) ? "unknown" : false,
    },
    routeName,
  );
}
