import { lazy, Suspense, useRef, useState } from "react";
import { Badge, Button, Collapse } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { importWithReload } from "../../lazyWithReload";
import { activeFilterCount } from "./filterQuery";
import type { SearchFilterProps } from "./SearchFilterFields";

// The fields and their form library (a tenth of a member's first page) come after the page's own
// code, not before it: on a phone they are folded away, and the results are what the member waits
// for. Asked for as soon as this module runs, so that on a wide screen they come soon after.
const fields = importWithReload(() => import("./SearchFilterFields"))();
const SearchFilterFields = lazy(() => fields.then((m) => ({ default: m.SearchFilterFields })));

/**
 * The search filters of the site. On phones they fold away behind a button that counts the filters in
 * use, and are rendered once first unfolded (their selects are a few hundred elements, work a phone
 * would do while the member looks at the results); on wider screens they show, and until they are
 * there an empty card of their height holds their place.
 */
export function SearchFilterForm(props: SearchFilterProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery("(min-width: 768px)");
  // Rendered once shown or first unfolded, they stay (folded again, or a phone turned to narrow, keeps what the member was choosing).
  const rendered = useRef(false);
  rendered.current ||= wide || open;
  const count = activeFilterCount(props.filters);
  const placeholder = <div className="card border-0 shadow-sm search-filters-loading" aria-busy="true" data-testid="search-filters-loading" />;
  return (
    <section className="mb-4" aria-labelledby="search-filters-title">
      <h2 id="search-filters-title" className="visually-hidden">
        {t("search.filters")}
      </h2>
      <Button variant="outline-primary" className="d-md-none w-100 mb-2" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="search-filters">
        {t("search.filters")}
        {count > 0 && (
          <Badge bg="primary" pill className="ms-2">
            {count}
          </Badge>
        )}
      </Button>
      <Collapse in={open}>
        <div id="search-filters" className="d-md-block">
          {rendered.current ? (
            <Suspense fallback={placeholder}>
              <SearchFilterFields {...props} onSearched={() => setOpen(false)} />
            </Suspense>
          ) : (
            // Folded away on a phone; where the screen is wide (which the server cannot know when it
            // renders the page) the card holds the filters' place until the app shows them.
            placeholder
          )}
        </div>
      </Collapse>
    </section>
  );
}
