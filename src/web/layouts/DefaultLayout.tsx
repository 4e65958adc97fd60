import { Outlet } from "react-router";
import { useUser } from "../api/userApi";
import { ActivationReminder } from "../features/auth/ActivationReminder";
import { ChatsSync } from "../features/chat/ChatsSync";
import { EntryWarning } from "../features/layout/EntryWarning";
import { SignupModal } from "../features/signup/SignupModal";
import { Footer } from "../features/layout/Footer";
import { TopBar } from "../features/layout/TopBar";
import { LikeModal } from "../features/members/LikeModal";
import { LikesSync } from "../features/members/LikesSync";
import { ProfilePhotoAlert } from "../features/members/ProfilePhotoAlert";
import { DisabledNotificationsAlert } from "../features/notifications/DisabledNotificationsAlert";
import { TimeBonusBanner } from "../features/payments/TimeBonusBanner";
import { TimeBonusModal } from "../features/payments/TimeBonusModal";
import { PushAlert } from "../features/push/PushAlert";

/** Top navigation, banners, the page, footer with disclaimer, the entry warning, and for members the like modal. */
export function DefaultLayout() {
  const user = useUser();
  return (
    <>
      <TopBar />
      <TimeBonusBanner />
      <ActivationReminder />
      <ProfilePhotoAlert />
      <PushAlert />
      <DisabledNotificationsAlert />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <Footer />
      <EntryWarning layout="default" />
      <SignupModal />
      {user && (
        <>
          <ChatsSync />
          <LikesSync />
          <LikeModal />
          <TimeBonusModal />
        </>
      )}
    </>
  );
}
