import { Alert, Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/apiClient";
import { useMemberSearch } from "../../api/membersApi";
import type { SearchFilters } from "./filterQuery";
import { MemberGrid, MemberGridPlaceholder } from "./MemberGrid";
import { SearchLoginCard } from "./SearchLoginCard";
import { searchResultView } from "./searchResults";
import { leadingMembers } from "../../../common/searchLead";

/**
 * The members matching `filters` (with `mine`, the member's own search): total, cards, "show more",
 * and similar members when few match.
 */
export function SearchResults({ filters, mine = false }: { filters: SearchFilters; mine?: boolean }) {
  const { t } = useTranslation();
  const search = useMemberSearch(filters, { mine });
  // Until the first results: their line and empty cards in their place, so that the footer below does not jump.
  if (search.isPending) {
    return (
      <div className="search-results">
        <p className="text-body-secondary small mb-3">{"\u00a0"}</p>
        <MemberGridPlaceholder count={12} />
      </div>
    );
  }
  if (search.isError) {
    if (search.error instanceof ApiError && search.error.code === "authentication_required") return <SearchLoginCard />;
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{search.error.message}</span>
        <Button size="sm" variant="outline-danger" onClick={() => search.refetch()}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  const view = searchResultView(search.data.pages);
  // Old results stay on screen while new filters load: dimmed, and marked busy for screen readers.
  const stale = search.isPlaceholderData;
  return (
    <div className={stale ? "search-results is-stale" : "search-results"} aria-busy={stale} data-testid="search-results">
      <p className="text-body-secondary small mb-3" aria-live="polite" data-testid="search-total">
        {t("search.total", { count: view.total })}
      </p>
      <MemberGrid members={view.profiles} empty={t("search.no_results")} firstOfPage />
      {search.hasNextPage && (
        <div className="text-center my-4">
          <Button
            variant="outline-primary"
            className="px-4"
            onClick={() => search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
            data-testid="load-more"
          >
            {search.isFetchingNextPage && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t("search.load_more")}
          </Button>
        </div>
      )}
      {view.similar.length > 0 && (
        <section className="mt-5" aria-labelledby="similar-title" data-testid="similar-results">
          <h2 id="similar-title" className="h4 mb-1">
            {t("search.similar_title")}
          </h2>
          <p className="text-body-secondary small">{t("search.similar_text")}</p>
          {/* With no results above, this grid opens the page: its first photos load at once. */}
          <MemberGrid members={view.similar} firstOfPage={leadingMembers(view) === view.similar} />
        </section>
      )}
    </div>
  );
}
