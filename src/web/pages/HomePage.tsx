import { type ComponentType, lazy, useState } from "react";
import { Card, Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { seedHomeFromPage, useMemberSearch } from "../api/membersApi";
import { useSettings } from "../api/settingsApi";
import { pageDataHas } from "../api/pageData";
import { queryClient } from "../api/queryClient";
import { userQuery, useUser } from "../api/userApi";
import { MemberGrid, MemberGridPlaceholder } from "../features/members/MemberGrid";
import { SignupLink } from "../features/signup/SignupLink";
import { importWithReload } from "../lazyWithReload";

// A member's home is the search (its own chunk): a visitor's home does not load it.
let membersPage: ComponentType | null = null;
const loadMembersPage = () =>
  importWithReload(() => import("./MembersPage"))().then((m) => {
    membersPage = m.MembersPage;
    return { default: m.MembersPage };
  });
const LazyMembersPage = lazy(loadMembersPage);

/**
 * Resolves when the home can render at once: for a member (their page's data, or a session), once the
 * search's chunk is there too (pageLoaders.ts waits for it). Without it a member's first page rendered
 * a spinner first and the search in a second long task after it.
 */
export function homeReady(): Promise<unknown> {
  return pageDataHas("session") || queryClient.getQueryData(userQuery.queryKey) ? loadMembersPage() : Promise.resolve();
}

// A visitor's first page brings its newest members: into the cache before the page first renders.
seedHomeFromPage();

/** For a visitor, a page inviting to sign up with members of the site; for a member, the members area. */
export function HomePage() {
  const user = useUser();
  // Chosen once: changing from the lazy wrapper to the loaded page would remount the search (its state lost).
  const [MembersPage] = useState(() => membersPage ?? LazyMembersPage);
  if (user) return <MembersPage />;
  return <VisitorHome />;
}

function VisitorHome() {
  const { t } = useTranslation();
  const settings = useSettings();
  // Newest members without filters; where visitors may not search (403), the page invites to sign up without them.
  const maySearch = settings.logged_out_search || settings.logged_out_search_trafficsource;
  // Kept for a minute: the newest members the page brought are not asked for again at once.
  const members = useMemberSearch({}, { enabled: maySearch, staleTime: 60_000 });
  const first = members.data?.pages[0];
  return (
    <div data-testid="visitor-home">
      <section className="hero py-5 mb-4">
        <Container>
          <Row className="align-items-center g-4">
            <Col lg={7}>
              <h1 className="display-5 fw-bold">{t("home.hero_title")}</h1>
              <p className="lead">{t("home.hero_text")}</p>
              {/* Its line is kept while the count loads: the card beside and the grid below stay where they are. */}
              {maySearch && !members.isError && <p className="fw-semibold">{first ? t("home.members_online", { count: first.total }) : "\u00a0"}</p>}
            </Col>
            <Col lg={5}>
              <Card className="hero-card shadow border-0">
                <Card.Body className="p-4 text-center">
                  <SignupLink className="btn btn-primary btn-lg w-100 mb-3" testId="home-signup">
                    {t("home.cta")}
                  </SignupLink>
                  <p className="mb-0 small">
                    {t("home.have_account")} <Link to="/login">{t("nav.login")}</Link>
                  </p>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </Container>
      </section>
      <Container>
        {maySearch && !members.isError && (
          <>
            <h2 className="h4 mb-3">{t("home.members_title")}</h2>
            {first ? <MemberGrid members={first.profiles.slice(0, 12)} firstOfPage /> : <MemberGridPlaceholder count={12} />}
            <div className="text-center my-4">
              <Link to="/members" className="btn btn-outline-primary">
                {t("home.browse_all")}
              </Link>
            </div>
          </>
        )}
        <h2 className="h4 mt-5 mb-3">{t("home.why_title", { site: settings.name })}</h2>
        <Row xs={1} md={3} className="g-3">
          {(["free", "safe", "real"] as const).map((key) => (
            <Col key={key}>
              <Card className="h-100 border-0 shadow-sm">
                <Card.Body>
                  <h3 className="h5 text-primary">{t(`home.why_${key}`)}</h3>
                  <p className="mb-0">{t(`home.why_${key}_text`)}</p>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </div>
  );
}
