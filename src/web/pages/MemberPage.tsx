import { useEffect } from "react";
import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/apiClient";
import { refetchLikes } from "../api/likesApi";
import { useMember } from "../api/membersApi";
import { useUser } from "../api/userApi";
import { ErrorPage } from "../components/ErrorPage";
import { Icon } from "../components/Icon";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { BlockedByNotice } from "../features/members/BlockedByNotice";
import { likedByAfterViewing } from "../features/members/likesTabs";
import { MemberProfile } from "../features/members/MemberProfile";
import { parseMemberId } from "../features/members/parseMemberId";
import { SearchLoginCard } from "../features/members/SearchLoginCard";
import { useRouteName } from "../hooks/useRouteName";
import { useChatStore } from "../stores/chatStore";

/** A member's profile, at /members/:id and, reached from the likes page, at /likes/m/:id. */
export function MemberPage() {
  const { t } = useTranslation();
  const id = parseMemberId(useParams().id);
  const fromLikes = useRouteName() === "likes-m-id";
  const user = useUser();
  const member = useMember(id ?? 0);
  const likesViewer = Boolean(user && member.data?.liked_by);

  // Opening a liker's profile makes the server clear the like's "new" flag (spec section 4): the badge
  // drops at once, and the likes are fetched again to be sure.
  useEffect(() => {
    if (!likesViewer || id === null) return;
    const cleared = likedByAfterViewing(useChatStore.getState().likedBy, id);
    if (cleared) useChatStore.getState().setLikedBy(cleared);
    void refetchLikes();
  }, [likesViewer, id]);

  if (id === null) return <ErrorPage status={404} message={t("errors.not_found")} />;
  if (member.isPending) return <PageSpinner />;
  if (member.isError) {
    const error = member.error;
    if (error instanceof ApiError && error.code === "blocked_by") return <BlockedByNotice message={error.message} />;
    if (error instanceof ApiError && error.code === "authentication_required") return <SearchLoginCard />;
    return <ErrorPage status={error instanceof ApiError && error.status > 0 ? error.status : 500} message={error.message} />;
  }
  return (
    <Container className="py-3 py-md-4" data-testid="member-page">
      <PrefetchLink to={fromLikes ? "/likes" : "/members"} className="btn btn-link px-0 mb-2 d-inline-flex align-items-center gap-1">
        <Icon name="back" size={18} />
        {fromLikes ? t("member.back_to_likes") : t("member.back_to_search")}
      </PrefetchLink>
      <MemberProfile key={member.data.profile.id} view={member.data} />
    </Container>
  );
}
