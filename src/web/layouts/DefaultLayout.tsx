import { Outlet } from "react-router";
import { ActivationReminder } from "../features/auth/ActivationReminder";
import { EntryWarning } from "../features/layout/EntryWarning";
import { Footer } from "../features/layout/Footer";
import { TopBar } from "../features/layout/TopBar";

/** Top navigation, banners, the page, footer with disclaimer, and the entry warning. */
export function DefaultLayout() {
  return (
    <>
      <TopBar />
      <ActivationReminder />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <Footer />
      <EntryWarning layout="default" />
    </>
  );
}
