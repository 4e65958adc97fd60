import { useRef, useState } from "react";
import { Button, Card, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { PrefetchLink } from "../components/PrefetchLink";
import { MatchFinderQuestion } from "../features/matchFinder/MatchFinderQuestion";
import { MatchFinderSummary } from "../features/matchFinder/MatchFinderSummary";
import {
  answersToFilters,
  canContinue,
  defaultAgeRange,
  MATCH_FINDER_STEPS,
  type MatchFinderAnswers,
  suggestedSeeking,
} from "../features/matchFinder/matchFinderSteps";
import { filtersToParams } from "../features/members/filterQuery";
import { SearchResults } from "../features/members/SearchResults";

/** A short wizard (whom, age, where, interests) that ends in the matching members. */
export function MatchFinderPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const [answers, setAnswers] = useState<MatchFinderAnswers>(() => {
    const profile = user?.profile;
    const [minAge, maxAge] = defaultAgeRange(profile?.age);
    const home = [profile?.country, settings.geoip_country].find((c) => c && settings.countries.includes(c)) ?? "";
    // The member's own region to start with (they may widen it to the whole country).
    const region = home && home === profile?.country ? (profile.region ?? "") : "";
    return { seeking: suggestedSeeking(profile?.gender, profile?.sexuality), minAge, maxAge, country: home, region, interests: [] };
  });
  // 0 to 3: the questions; 4: the results.
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const question = MATCH_FINDER_STEPS[step];
  const done = step >= MATCH_FINDER_STEPS.length;

  // The new step's heading takes the focus (once rendered), so keyboard and screen reader users start at the new question.
  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const patch = (change: Partial<MatchFinderAnswers>) => setAnswers((a) => ({ ...a, ...change }));
  // A member with a place sees the nearest matches first.
  const filters = answersToFilters(answers, user?.profile.country ? "distance" : undefined);

  if (done) {
    return (
      <Container className="py-4" data-testid="match-finder-results">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 className="h3 mb-0 me-auto" ref={heading} tabIndex={-1}>
            {t("match_finder.results_title")}
          </h1>
          <Button variant="outline-primary" onClick={() => goTo(0)} data-testid="match-finder-again">
            {t("match_finder.again")}
          </Button>
          <PrefetchLink to={`/members?${filtersToParams(filters)}`} className="btn btn-primary" data-testid="match-finder-full-search">
            {t("match_finder.full_search")}
          </PrefetchLink>
        </div>
        <MatchFinderSummary answers={answers} />
        <SearchResults filters={filters} />
      </Container>
    );
  }

  return (
    <Container className="py-4" data-testid="match-finder">
      <Card className="border-0 shadow-sm mx-auto match-finder-card">
        <Card.Body className="p-4 p-md-5">
          <p className="text-primary fw-semibold small text-uppercase mb-1">{t("match_finder.title")}</p>
          {/* Drawn here, not with ProgressBar: its name must be on the element with the progressbar role. */}
          <div className="progress mb-2 match-finder-progress">
            <div
              className="progress-bar"
              role="progressbar"
              style={{ width: `${((step + 1) / MATCH_FINDER_STEPS.length) * 100}%` }}
              aria-valuenow={step + 1}
              aria-valuemin={0}
              aria-valuemax={MATCH_FINDER_STEPS.length}
              aria-label={t("match_finder.step", { step: step + 1, steps: MATCH_FINDER_STEPS.length })}
            />
          </div>
          <p className="small text-body-secondary mb-4">{t("match_finder.step", { step: step + 1, steps: MATCH_FINDER_STEPS.length })}</p>
          <h1 className="h3 text-center mb-4" id="match-finder-question" ref={heading} tabIndex={-1}>
            {t(`match_finder.question_${question}`)}
          </h1>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (canContinue(question, answers)) goTo(step + 1);
            }}
          >
            <MatchFinderQuestion step={question} answers={answers} onChange={patch} />
            {question === "age" && !canContinue("age", answers) && (
              <p className="text-danger small text-center mt-2" role="alert">
                {t("match_finder.age_order")}
              </p>
            )}
            <div className="d-flex justify-content-between align-items-center mt-4">
              {step > 0 ? (
                <Button key="button" variant="link" onClick={() => goTo(step - 1)}>
                  {t("match_finder.back")}
                </Button>
              ) : (
                <span key="span" />
              )}
              <Button type="submit" size="lg" className="px-4" disabled={!canContinue(question, answers)} data-testid="match-finder-next">
                {step === MATCH_FINDER_STEPS.length - 1 ? t("match_finder.show") : t("match_finder.next")}
              </Button>
            </div>
          </form>
        </Card.Body>
      </Card>
    </Container>
  );
}
