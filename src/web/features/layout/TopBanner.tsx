import { ActivationReminder } from "../auth/ActivationReminder";
import { ProfilePhotoAlert } from "../members/ProfilePhotoAlert";
import { PhotoRejectedAlert } from "../profile/PhotoRejectedAlert";
import { DisabledNotificationsAlert } from "../notifications/DisabledNotificationsAlert";
import { TimeBonusBanner } from "../payments/TimeBonusBanner";
import { PushAlert } from "../push/PushAlert";
import { useTopBanner } from "./useTopBanner";

/** The one banner under the top bar, chosen by priority (bannerPriority.ts); nothing until that is known. */
export function TopBanner() {
  const banner = useTopBanner();
  switch (banner) {
    case "activation":
      return <ActivationReminder />;
    case "photo-rejected":
      return <PhotoRejectedAlert />;
    case "photo":
      return <ProfilePhotoAlert />;
    case "time-bonus":
      return <TimeBonusBanner />;
    case "disabled-notifications":
      return <DisabledNotificationsAlert />;
    case "push":
      return <PushAlert />;
    default:
      return null;
  }
}
