import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useUser } from "../../api/userApi";

/** Sends a visitor to the login page, coming back here afterwards. */
export function RequireMember({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`} replace />;
  return <>{children}</>;
}
