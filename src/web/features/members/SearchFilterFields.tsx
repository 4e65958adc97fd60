import { useEffect } from "react";
import { Button, Col, Form, Row } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MAX_AGE, MIN_AGE } from "../../../common/constants";
import { GENDERS } from "../../../common/profileOptions";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { CountryOptions } from "./CountryOptions";
import { activeFilterCount, filtersFromForm, filtersToForm, type SearchFilters, type SearchFormValues } from "./filterQuery";
import { InterestChips } from "./InterestChips";
import { useCountryRegions } from "./useCountryRegions";

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

/** The form's values for `filters`; without an order in them the server lists the newest first, and the select says so. */
function formValuesOf(filters: SearchFilters, canSortByDistance: boolean): SearchFormValues {
  return { ...filtersToForm(filters), sort: filters.sort ?? (canSortByDistance ? "newest" : "") };
}

export interface SearchFilterProps {
  filters: SearchFilters;
  onSearch(filters: SearchFilters): void;
  /** The searcher has a place: results can come nearest first. */
  canSortByDistance?: boolean;
  /**
   * The filters are the member's own settings, which arrive after the form has shown: a field the
   * member has changed in the meantime keeps their choice (it was lost when the answer came between
   * choosing and searching).
   */
  keepChoices?: boolean;
}

/**
 * The search filters' fields (settings.search_fields): gender, country, region, age range, and
 * interests when the site offers them or a link (from the match finder) brought some. A chunk of its
 * own with its form library, loaded beside the page rather than before it (SearchFilterForm).
 * `onSearched` tells the fold around it that a search was made.
 */
export function SearchFilterFields({
  filters,
  onSearch,
  canSortByDistance = false,
  keepChoices = false,
  onSearched,
}: SearchFilterProps & { onSearched(): void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { register, handleSubmit, reset, watch, setValue } = useForm<SearchFormValues>({ defaultValues: formValuesOf(filters, canSortByDistance) });
  const country = watch("country");
  const regions = useCountryRegions(country);
  const interests = watch("interests");

  // The URL is the truth: back/forward or a link changes the filters, and the form follows. It follows
  // what they hold, not the object: a new object with the same filters (a refetch, a render) leaves
  // what the member is choosing alone.
  const shownValues = JSON.stringify(formValuesOf(filters, canSortByDistance));
  useEffect(() => reset(JSON.parse(shownValues) as SearchFormValues, { keepDirtyValues: keepChoices }), [shownValues, reset, keepChoices]);

  const shows = (field: string) => settings.search_fields.includes(field);
  const showInterests = shows("interests") || (filters.interests?.length ?? 0) > 0;
  const submit = handleSubmit((values) => {
    // A member's search always names its order, so that "any" everywhere is a search of its own and not their first one.
    const sort = canSortByDistance ? values.sort || "newest" : "";
    onSearch(filtersFromForm({ ...values, sort }, settings.countries));
    onSearched();
  });
  const count = activeFilterCount(filters);

  return (
    <Form onSubmit={submit} className="card border-0 shadow-sm search-filters" data-testid="search-filters">
      <div className="card-body">
        <Row className="g-2 align-items-end">
          {shows("gender") && (
            <Col xs={12} md>
              <Form.Group controlId="search-gender">
                <Form.Label className="small fw-semibold mb-1">{t("search.looking_for")}</Form.Label>
                <Form.Select {...register("gender")}>
                  <option value="">{t("search.seeking.both")}</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`search.seeking.${g}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
          )}
          {shows("country") && (
            <Col xs={12} md>
              <Form.Group controlId="search-country">
                <Form.Label className="small fw-semibold mb-1">{t("search.country")}</Form.Label>
                <Form.Select {...register("country", { onChange: () => setValue("countryregion", "") })}>
                  <option value="">{t("search.any_country")}</option>
                  <CountryOptions countries={settings.countries} />
                </Form.Select>
              </Form.Group>
            </Col>
          )}
          {shows("countryregion") && country && regions.length > 0 && (
            <Col xs={12} md>
              <Form.Group controlId="search-region">
                <Form.Label className="small fw-semibold mb-1">{t("search.region")}</Form.Label>
                {/* One select per country, so that a region set with the country finds its option. */}
                <Form.Select key={country} {...register("countryregion")}>
                  <option value="">{t("search.any_region")}</option>
                  {regions.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
          )}
          {(shows("min_age") || shows("max_age")) && (
            <Col xs={12} md="auto">
              <fieldset>
                <legend className="form-label small fw-semibold mb-1 float-none">{t("search.age")}</legend>
                <div className="d-flex align-items-center gap-2">
                  {shows("min_age") && (
                    <Form.Select {...register("min_age")} aria-label={t("search.min_age")} className="age-select">
                      <option value="">{MIN_AGE}</option>
                      {AGES.map((age) => (
                        <option key={age} value={age}>
                          {age}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                  <span aria-hidden="true">–</span>
                  {shows("max_age") && (
                    <Form.Select {...register("max_age")} aria-label={t("search.max_age")} className="age-select">
                      <option value="">{MAX_AGE}</option>
                      {AGES.map((age) => (
                        <option key={age} value={age}>
                          {age}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                </div>
              </fieldset>
            </Col>
          )}
          {canSortByDistance && (
            <Col xs={12} md="auto">
              <Form.Group controlId="search-sort">
                <Form.Label className="small fw-semibold mb-1">{t("search.sort")}</Form.Label>
                <Form.Select {...register("sort")} data-testid="search-sort">
                  <option value="distance">{t("search.sort_distance")}</option>
                  <option value="newest">{t("search.sort_newest")}</option>
                </Form.Select>
              </Form.Group>
            </Col>
          )}
          <Col xs={12} md="auto" className="d-flex gap-2">
            <Button type="submit" className="flex-grow-1 d-inline-flex align-items-center justify-content-center gap-1" data-testid="search-submit">
              <Icon name="search" size={18} />
              {t("search.submit")}
            </Button>
            {count > 0 && (
              <Button variant="link" onClick={() => onSearch({})}>
                {t("search.reset")}
              </Button>
            )}
          </Col>
        </Row>
        <Form.Check
          type="switch"
          id="search-verified"
          className="mt-3 mb-0"
          data-testid="search-verified"
          {...register("verified")}
          label={
            <span className="d-inline-flex align-items-center gap-1">
              {t("verification.only_verified")}
              <Icon name="verified" size={18} className="verified-badge" />
            </span>
          }
        />
        {showInterests && (
          <div className="mt-3">
            <div id="search-interests-label" className="small fw-semibold mb-2">
              {t("search.interests")}
            </div>
            <InterestChips selected={interests} onChange={(next) => setValue("interests", next)} labelledBy="search-interests-label" />
          </div>
        )}
      </div>
    </Form>
  );
}
