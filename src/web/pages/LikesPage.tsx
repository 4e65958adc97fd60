import { Alert, Badge, Button, Container, Nav } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { NavLink, useParams } from "react-router";
import { useLikes } from "../api/likesApi";
import { ErrorPage } from "../components/ErrorPage";
import { PageSpinner } from "../components/PageSpinner";
import { LikesEmpty } from "../features/members/LikesEmpty";
import { LIKES_TABS, likesTabCounts, likesTabEntries, likesTabOf } from "../features/members/likesTabs";
import { MemberGrid } from "../features/members/MemberGrid";

/** Likes received (new first), sent, and matches, as tabs at /likes, /likes/sent and /likes/matches. */
export function LikesPage() {
  const { t } = useTranslation();
  const tab = likesTabOf(useParams().type);
  const likes = useLikes();
  if (tab === null) return <ErrorPage status={404} message={t("errors.not_found")} />;
  const counts = likes.data ? likesTabCounts(likes.data) : null;
  const entries = likes.data ? likesTabEntries(likes.data, tab) : [];
  const newIds = new Set(entries.filter((e) => e.isNew).map((e) => e.member.id));
  return (
    <Container className="py-4" data-testid="likes-page">
      <h1 className="h3 mb-3">{t("likes.title")}</h1>
      <Nav variant="pills" className="likes-tabs mb-4 flex-nowrap" as="nav" aria-label={t("likes.tabs")}>
        {LIKES_TABS.map((name) => (
          <Nav.Item key={name}>
            <Nav.Link
              as={NavLink}
              to={name === "received" ? "/likes" : `/likes/${name}`}
              end
              className="d-flex align-items-center"
              data-testid={`likes-tab-${name}`}
            >
              {t(`likes.tab_${name}`)}
              {counts && (
                <Badge
                  pill
                  bg={name === "received" && counts.newLikes > 0 ? "secondary" : "light"}
                  text={name === "received" && counts.newLikes > 0 ? undefined : "dark"}
                >
                  {counts[name]}
                </Badge>
              )}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {likes.isPending ? (
        <PageSpinner />
      ) : likes.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{likes.error.message}</span>
          <Button size="sm" variant="outline-danger" onClick={() => likes.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <LikesEmpty tab={tab} />
      ) : (
        <section aria-label={t(`likes.tab_${tab}`)}>
          {tab === "received" && counts && counts.newLikes > 0 && (
            <p className="small text-body-secondary">{t("likes.new_count", { count: counts.newLikes })}</p>
          )}
          <MemberGrid members={entries.map((e) => e.member)} linkTo={(m) => `/likes/m/${m.id}`} isNew={(m) => newIds.has(m.id)} />
        </section>
      )}
    </Container>
  );
}
