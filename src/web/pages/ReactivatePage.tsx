import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { Alert, Container, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { call } from "../api/apiClient";
import { refetchUserQuietly } from "../api/userApi";
import { PrefetchLink } from "../components/PrefetchLink";

/** /reactivate?token=: the e-mailed link restores a deleted account within the window, and logs the member in. */
export function ReactivatePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const reactivate = useMutation({
    mutationFn: () => call("POST /api/reactivate.php", { body: { token } }),
    onSuccess: () => refetchUserQuietly(),
  });
  const { mutate } = reactivate;
  useEffect(() => {
    // Once per visit of the link (a link-checking mail scanner only GETs the page; this is a POST).
    mutate();
  }, [mutate]);
  return (
    <Container className="py-5 text-center" style={{ maxWidth: 600 }} data-testid="reactivate-page">
      <h1 className="h3">{t("reactivate.title")}</h1>
      {reactivate.isSuccess ? (
        <>
          <Alert variant="success" data-testid="reactivated">
            {t("reactivate.done")}
          </Alert>
          <PrefetchLink to="/members" className="btn btn-primary">
            {t("reactivate.go")}
          </PrefetchLink>
        </>
      ) : reactivate.isError ? (
        <Alert variant="danger" data-testid="reactivate-failed">
          {t("reactivate.failed")}
        </Alert>
      ) : (
        <p>
          <Spinner size="sm" className="me-2" />
          {t("reactivate.working")}
        </p>
      )}
    </Container>
  );
}
