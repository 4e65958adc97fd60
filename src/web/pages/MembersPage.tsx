import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useMembers } from "../api/membersApi";
import { PageSpinner } from "../components/PageSpinner";
import { Pager } from "../components/Pager";
import { MemberGrid } from "../features/members/MemberGrid";

export function MembersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const members = useMembers(page);
  return (
    <Container className="py-4" data-testid="members-page">
      <div className="d-flex align-items-baseline justify-content-between mb-3">
        <h1 className="h3 mb-0">{t("members.title")}</h1>
        {members.data && <span className="text-body-secondary small">{t("members.total", { count: members.data.total })}</span>}
      </div>
      {members.isPending ? (
        <PageSpinner />
      ) : members.isError ? (
        <p className="text-danger">{members.error.message}</p>
      ) : (
        <>
          <MemberGrid members={members.data.profiles} />
          <Pager page={page} pages={Math.ceil(members.data.total / members.data.per_page)} href={(p) => `/members?page=${p}`} />
        </>
      )}
    </Container>
  );
}
