import { Outlet } from "react-router";
import { EntryWarning } from "../features/layout/EntryWarning";
import { SignupModal } from "../features/signup/SignupModal";

/** Just the page; the entry warning only for NL and DE. */
export function EmptyLayout() {
  return (
    <>
      <main className="app-main">
        <Outlet />
      </main>
      <EntryWarning layout="empty" />
      <SignupModal />
    </>
  );
}
