import { Outlet } from "react-router";
import { useUser } from "../api/userApi";
import { ChatsSync } from "../features/chat/ChatsSync";
import { DecisionNotices } from "../features/decisions/DecisionNotices";
import { EntryWarning } from "../features/layout/EntryWarning";
import { SignupModal } from "../features/signup/SignupModal";
import { Footer } from "../features/layout/Footer";
import { TopBar } from "../features/layout/TopBar";
import { TopBanner } from "../features/layout/TopBanner";
import { LikeModal } from "../features/members/LikeModal";
import { LikesSync } from "../features/members/LikesSync";
import { TimeBonusModal } from "../features/payments/TimeBonusModal";

/** Top navigation, one banner, the page, footer with disclaimer, the entry warning, and for members the like modal. */
export function DefaultLayout() {
  const user = useUser();
  return (
    <>
      <TopBar />
      <TopBanner />
      <main className="app-main" id="main">
        <DecisionNotices />
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
