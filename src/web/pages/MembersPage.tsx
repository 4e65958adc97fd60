import { useMemo } from "react";
import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isOwnSearch } from "../../common/searchDefaults";
import { seedOwnSearchFromPage, useMemberSearch } from "../api/membersApi";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { PrefetchLink } from "../components/PrefetchLink";
import { filtersFromParams, filtersToParams, type SearchFilters } from "../features/members/filterQuery";
import { SearchFilterForm } from "../features/members/SearchFilterForm";
import { SearchLoginCard } from "../features/members/SearchLoginCard";
import { SearchResults } from "../features/members/SearchResults";

const NO_FILTERS: SearchFilters = {};

// A member's first page brings their own search: into the cache before the page first renders.
seedOwnSearchFromPage();

/** Search and list of members; the filters live in the query string (also the members' home page). */
export function MembersPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params, settings.countries), [params, settings.countries]);
  // A member's first search (no filters in the address; a campaign's utm_* or ?lang= are not filters)
  // starts from their own settings; the form shows what was searched.
  const mine = user !== null && isOwnSearch(params.keys());
  const own = useMemberSearch({}, { enabled: mine, mine: true }).data?.pages[0]?.filters;
  // The same object until what it holds changes: the form resets to it whenever it changes, and a new
  // object on every render (a badge, a poll) threw away what the member was choosing.
  const shown: SearchFilters = useMemo(
    () => (mine ? (own ? { ...own, verified: own.verified === "1" || undefined } : NO_FILTERS) : filters),
    [mine, own, filters],
  );
  // Visitors search where the site allows it, always or with a traffic source (which only the server
  // knows); where it never does, the invitation shows without a call that would answer 403.
  const maySearch = user !== null || settings.logged_out_search || settings.logged_out_search_trafficsource;
  return (
    <Container className="py-4" data-testid="members-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t("members.title")}</h1>
        <PrefetchLink to="/match-finder" className="btn btn-sm btn-outline-primary" data-testid="link-match-finder">
          {t("members.match_finder")}
        </PrefetchLink>
        {user && (
          <PrefetchLink to="/swipe-game" className="btn btn-sm btn-outline-primary" data-testid="link-swipe-game">
            {t("members.swipe_game")}
          </PrefetchLink>
        )}
      </div>
      {maySearch ? (
        <>
          <SearchFilterForm
            filters={shown}
            keepChoices={mine}
            onSearch={(next) => setParams(filtersToParams(next))}
            canSortByDistance={Boolean(user?.profile.country)}
          />
          <SearchResults filters={mine ? {} : filters} mine={mine} />
        </>
      ) : (
        <SearchLoginCard />
      )}
    </Container>
  );
}
