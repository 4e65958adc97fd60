import { isRouteErrorResponse, useRouteError } from "react-router";
import { ApiError } from "../api/apiClient";
import { ErrorPage } from "../components/ErrorPage";

/** Shown when a page fails to load or throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={error.statusText || undefined} />;
  if (error instanceof ApiError && error.status >= 400) return <ErrorPage status={error.status} message={error.message} />;
  return <ErrorPage />;
}
