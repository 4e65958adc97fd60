import { Outlet } from "react-router";
import { EntryWarning } from "../features/layout/EntryWarning";

/** Full screen for a conversation; the entry warning only for NL and DE. */
export function ChatLayout() {
  return (
    <div className="d-flex flex-column vh-100 overflow-hidden">
      <Outlet />
      <EntryWarning layout="chat" />
    </div>
  );
}
