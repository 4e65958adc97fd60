import { Outlet } from "react-router";
import { useUser } from "../api/userApi";
import { ChatsSync } from "../features/chat/ChatsSync";
import { EntryWarning } from "../features/layout/EntryWarning";

/** Full screen for a conversation; the entry warning only for NL and DE. */
export function ChatLayout() {
  const user = useUser();
  return (
    <div className="chat-layout d-flex flex-column overflow-hidden">
      <Outlet />
      <EntryWarning layout="chat" />
      {user && <ChatsSync />}
    </div>
  );
}
