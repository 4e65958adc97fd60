import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/apiClient";
import { seedMemberFromPage, useMember } from "../api/membersApi";
import { ErrorPage } from "../components/ErrorPage";
import { PageSpinner } from "../components/PageSpinner";
import { LanderCta } from "../features/landers/LanderCta";
import { MemberChatLanding } from "../features/landers/MemberChatLanding";
import { MemberPhotosLanding } from "../features/landers/MemberPhotosLanding";
import { MemberSpotlightLanding } from "../features/landers/MemberSpotlightLanding";
import { useLanderNiche } from "../features/landers/useLanderNiche";
import { parseMemberId } from "../features/members/parseMemberId";
import { useRouteName } from "../hooks/useRouteName";
import "../features/landers/landers.scss";

seedMemberFromPage();

/**
 * A member's own landing pages: /members/{id}/landing (the profile in the spotlight),
 * /members/{id}/landing2/{slug?} (a chat opening with the member's own words) and
 * /members/{id}/landing3/{slug?} (the member's photos). All lead to the signup to write that member.
 */
export function MemberLandingPage() {
  const { t } = useTranslation();
  const id = parseMemberId(useParams().id);
  const route = useRouteName();
  const niche = useLanderNiche();
  const view = useMember(id ?? 0);
  if (id === null) return <ErrorPage status={404} message={t("errors.not_found")} />;
  if (view.isPending) return <PageSpinner />;
  if (view.isError) {
    // Gone, hidden or blocking the viewer: the page still invites to the site rather than a dead end.
    const status = view.error instanceof ApiError && view.error.status > 0 ? view.error.status : 500;
    return (
      <Container className="py-5 text-center" data-testid="member-landing-gone">
        <h1 className="h3">{t("landers.member.gone_title")}</h1>
        <p className="text-body-secondary">{t("landers.member.gone_text")}</p>
        <LanderCta />
        <p className="small text-body-secondary mt-3 mb-0">{status === 404 ? t("errors.not_found") : view.error.message}</p>
      </Container>
    );
  }
  if (route === "members-id-landing2") return <MemberChatLanding view={view.data} niche={niche} />;
  if (route === "members-id-landing3") return <MemberPhotosLanding view={view.data} niche={niche} />;
  return <MemberSpotlightLanding view={view.data} niche={niche} />;
}
