import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useUser } from "../../api/userApi";
import { useBanStore } from "../../stores/banStore";

/** Sends a visitor to the login page, coming back here afterwards; a member just banned or suspended to the ban page. */
export function RequireMember({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const banned = useBanStore((s) => s.notice !== null);
  if (!user && banned) return <Navigate to="/pages/ban" replace />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`} replace />;
  return <>{children}</>;
}
