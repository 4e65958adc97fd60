import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { userQuery } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { useDismissed } from "../../stores/dismissals";
import { selectPushState, usePushStore } from "../../stores/pushStore";
import { activationReminderMode, isSmartphone } from "../auth/activationReminderMode";
import { usePhotoNotices } from "../../api/photoNoticesApi";
import { profilePhotoAlertVisible } from "../members/profilePhotoAlertVisible";
import { photoRejectedAlertVisible } from "../profile/photoRejectedAlertVisible";
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
  const notices = usePhotoNotices(Boolean(user));
  if (userState.isPending) return "pending";
  if (!user) return null;
  // A photo in review is not missing: no "add a photo" while it waits (photo moderation).
  const photoInReview = (notices.data?.pending ?? 0) > 0;
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
      "photo-rejected": notices.isPending ? "unknown" : photoRejectedAlertVisible(notices.data?.rejected.length ?? 0, routeName),
      photo: profilePhotoAlertVisible({
        loggedIn: true,
        hasMainImage: Boolean(user.profile.main_image) || photoInReview,
        routeName,
        dismissed: photoDismissed,
      }),
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
