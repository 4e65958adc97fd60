import { Alert, Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { MemberView } from "../../../common/schemas/members";
import { useLike } from "../../api/likesApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { SignupLink } from "../signup/SignupLink";
import { BlockButton } from "./BlockButton";
import { ReportButton } from "./ReportButton";

/** Like or unlike, message, gift and block; visitors are offered the signup (a message becomes their first message) or to log in (spec section 6). */
export function MemberActions({ view, loggedIn }: { view: MemberView; loggedIn: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const like = useLike();
  const { id, name } = view.profile;

  if (!loggedIn) {
    const login = `/login?next=${encodeURIComponent(location.pathname)}`;
    return (
      <div className="member-actions d-flex flex-wrap gap-2" data-testid="member-actions">
        <SignupLink member={{ id, name }} className="btn btn-primary d-inline-flex align-items-center gap-1" testId="visitor-message">
          <Icon name="chat" size={18} />
          {t("member.message")}
        </SignupLink>
        <SignupLink className="btn btn-outline-primary d-inline-flex align-items-center gap-1" testId="visitor-like">
          <Icon name="heartOutline" size={18} />
          {t("member.like")}
        </SignupLink>
        <p className="small text-body-secondary w-100 mb-0">
          {t("member.login_to_contact", { name })} <PrefetchLink to={login}>{t("nav.login")}</PrefetchLink>
        </p>
      </div>
    );
  }

  if (view.blocked) {
    return (
      <Alert variant="secondary" className="d-flex flex-wrap align-items-center gap-2" data-testid="blocked-notice">
        <span className="me-auto">{t("member.you_blocked", { name })}</span>
        <BlockButton id={id} name={name} blocked size="sm" />
      </Alert>
    );
  }

  return (
    <div data-testid="member-actions">
      {view.match && (
        <Alert variant="success" className="match-alert d-flex align-items-center gap-2" data-testid="match-alert">
          <Icon name="heart" size={24} />
          <div>
            <div className="fw-bold">{t("member.match_title")}</div>
            <div className="small">{t("member.match_text", { name })}</div>
          </div>
        </Alert>
      )}
      <div className="member-actions d-flex flex-wrap gap-2">
        <Button
          variant={view.liked ? "primary" : "outline-primary"}
          aria-pressed={view.liked}
          disabled={like.isPending}
          onClick={() => like.mutate({ id, like: !view.liked })}
          className="d-inline-flex align-items-center gap-1"
          data-testid="like-button"
        >
          {like.isPending ? <Spinner size="sm" aria-hidden="true" /> : <Icon name={view.liked ? "heart" : "heartOutline"} size={18} />}
          {view.liked ? t("member.unlike") : t("member.like")}
        </Button>
        <PrefetchLink to={`/members/${id}/chat`} className="btn btn-primary d-inline-flex align-items-center gap-1" data-testid="message-button">
          <Icon name="chat" size={18} />
          {t("member.message")}
        </PrefetchLink>
        <PrefetchLink to={`/members/${id}/chat?gift=1`} className="btn btn-outline-primary d-inline-flex align-items-center gap-1" data-testid="gift-button">
          <Icon name="gift" size={18} />
          {t("member.gift")}
        </PrefetchLink>
        <BlockButton id={id} name={name} blocked={false} />
        <ReportButton id={id} name={name} />
      </div>
      {like.error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {like.error.message}
        </p>
      )}
      {view.liked_by && !view.match && <p className="small text-primary fw-semibold mt-2 mb-0">{t("member.likes_you", { name })}</p>}
    </div>
  );
}
