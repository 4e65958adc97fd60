import { useEffect, useRef } from "react";
import { Alert, Container, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { LOGIN_LINK_PATTERN } from "../../common/schemas/auth";
import { useLoginLink, useUser } from "../api/userApi";
import { PrefetchLink } from "../components/PrefetchLink";
import { safeNext } from "../features/auth/safeNext";
import { NotFoundPage } from "./NotFoundPage";

/**
 * The token page (/{token}, spec section 2): the button of a notification e-mail logs the member in
 * once and goes on to the page the mail is about (?next=). A used or expired link says so and offers
 * the login; a member who is logged in already just goes on.
 */
export function TokenPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const next = safeNext(search.get("next"));
  const navigate = useNavigate();
  const user = useUser();
  const login = useLoginLink();
  const started = useRef(false);
  const valid = LOGIN_LINK_PATTERN.test(token);
  const loggedIn = user !== null;
  const { mutate } = login;

  useEffect(() => {
    // Once per visit (a mail scanner that only fetches the page uses nothing: this is a POST).
    if (!valid || started.current) return;
    started.current = true;
    // Straight to what the mail is about (a half-done signup waits for /signup or the next login).
    mutate(token, { onSuccess: () => navigate(next, { replace: true }) });
  }, [valid, token, next, navigate, mutate]);

  useEffect(() => {
    if (login.isError && loggedIn) navigate(next, { replace: true });
  }, [login.isError, loggedIn, next, navigate]);

  if (!valid) return <NotFoundPage />;
  return (
    <Container className="py-5 text-center" style={{ maxWidth: 560 }} data-testid="token-page">
      {login.isError && !loggedIn ? (
        <>
          <h1 className="h3">{t("token_page.failed_title")}</h1>
          <Alert variant="warning" data-testid="token-failed">
            {login.error.message}
          </Alert>
          <PrefetchLink to={`/login?next=${encodeURIComponent(next)}`} className="btn btn-primary">
            {t("login.submit")}
          </PrefetchLink>
        </>
      ) : (
        <p className="lead" role="status">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {t("token_page.working")}
        </p>
      )}
    </Container>
  );
}
