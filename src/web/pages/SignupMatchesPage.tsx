import { useState } from "react";
import { Button, Col, Container, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { SearchResponse } from "../../common/schemas/members";
import type { MemberCard as MemberCardData } from "../../common/schemas/user";
import { soughtGender } from "../../common/signupSteps";
import { useLike } from "../api/likesApi";
import { useMemberSearch } from "../api/membersApi";
import { useUser } from "../api/userApi";
import { Icon } from "../components/Icon";
import { PrefetchLink } from "../components/PrefetchLink";
import { MemberCard } from "../features/members/MemberCard";

/** How many members the page proposes. */
const PROPOSALS = 12;

/** Members with a photo from the searches' first pages, each once, at most PROPOSALS. */
function proposals(pages: Array<SearchResponse | undefined>): MemberCardData[] {
  const seen = new Set<number>();
  const out: MemberCardData[] = [];
  for (const page of pages) {
    for (const member of page ? [...page.profiles, ...page.similar] : []) {
      if (!member.main_image || seen.has(member.id) || out.length >= PROPOSALS) continue;
      seen.add(member.id);
      out.push(member);
    }
  }
  return out;
}

/** /signup-matches: after the signup, members of the sex the new member looks for, near them, to like straight away. */
export function SignupMatchesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const gender = user ? (soughtGender(user.profile.gender, user.profile.sexuality) ?? undefined) : undefined;
  // The member's own search first (their ages, their country, nearest first), then anyone they look for when that gives too few.
  const near = useMemberSearch({}, { enabled: Boolean(user), mine: true });
  const nearCount = near.data ? near.data.pages[0].profiles.length + near.data.pages[0].similar.length : 0;
  const wide = useMemberSearch({ gender }, { enabled: Boolean(user) && near.isSuccess && nearCount < PROPOSALS });
  const like = useLike();
  const [liked, setLiked] = useState<ReadonlySet<number>>(new Set());
  const members = proposals([near.data?.pages[0], wide.data?.pages[0]]);

  const toggle = (id: number) => {
    const on = !liked.has(id);
    like.mutate(
      { id, like: on },
      {
        onSuccess: (answer) =>
          setLiked((set) => {
            const next = new Set(set);
            if (answer.liked) next.add(id);
            else next.delete(id);
            return next;
          }),
      },
    );
  };

  return (
    <Container className="py-4" data-testid="signup-matches">
      <h1 className="h3 mb-1">{t("signup_matches.title")}</h1>
      <p className="text-body-secondary">{t("signup_matches.intro")}</p>
      {like.error && (
        <p className="text-danger" role="alert">
          {like.error.message}
        </p>
      )}
      {near.isPending ? (
        <Spinner key="spinner" aria-label={t("common.loading")} />
      ) : members.length === 0 ? (
        <p key="p" data-testid="signup-matches-empty">
          {t("signup_matches.none")}
        </p>
      ) : (
        <Row key="row" xs={2} md={3} lg={4} className="g-3 mb-4">
          {members.map((member) => {
            const on = liked.has(member.id);
            return (
              <Col key={member.id}>
                <div className="position-relative">
                  <MemberCard member={member} />
                  <Button
                    variant={on ? "primary" : "light"}
                    className="signup-match-like rounded-circle shadow"
                    aria-pressed={on}
                    aria-label={t(on ? "signup_matches.unlike" : "signup_matches.like", { name: member.name })}
                    disabled={like.isPending && like.variables?.id === member.id}
                    onClick={() => toggle(member.id)}
                    data-testid="signup-match-like"
                  >
                    <Icon name={on ? "heart" : "heartOutline"} size={22} />
                  </Button>
                </div>
              </Col>
            );
          })}
        </Row>
      )}
      <div className="d-flex justify-content-end">
        <PrefetchLink to="/members?api_signup_complete=1" className="btn btn-primary btn-lg px-5" data-testid="signup-matches-continue">
          {liked.size > 0 ? t("signup_matches.continue") : t("signup_matches.skip")}
        </PrefetchLink>
      </div>
    </Container>
  );
}
