import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useUser } from "../api/userApi";
import { DecisionNotices } from "../features/decisions/DecisionNotices";
import { EntryWarning } from "../features/layout/EntryWarning";
import { SignupModal } from "../features/signup/SignupModal";
import { Footer } from "../features/layout/Footer";
import { TopBar } from "../features/layout/TopBar";
import { TopBanner } from "../features/layout/TopBanner";
import { importWithReload } from "../lazyWithReload";

// What only members have: a visitor's first page does not load it.
const MemberParts = lazy(() => importWithReload(() => import("./MemberParts"))().then((m) => ({ default: m.MemberParts })));

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
      {/* The member's live parts (chats and likes kept in sync, calls, the like and time-bonus modals) start in the browser: the server's rendering leaves them out. */}
      {user && typeof window !== "undefined" && (
        <Suspense fallback={null}>
          <MemberParts />
        </Suspense>
      )}
    </>
  );
}
